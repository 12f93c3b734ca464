// Standalone dev harness of remote-sales (`pnpm --filter @oyster/remote-sales dev`, http://localhost:3001/).
// Async boundary, as in the shell: shared modules resolve before anything renders.
import('./bootstrap');
