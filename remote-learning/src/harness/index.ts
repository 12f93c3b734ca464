// Standalone dev harness of remote-learning (`pnpm --filter @oyster/remote-learning dev`, http://localhost:3005/).
// Async boundary, as in the shell: shared modules resolve before anything renders.
import('./bootstrap');
