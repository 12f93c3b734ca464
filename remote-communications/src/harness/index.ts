// Standalone dev harness of remote-communications (`pnpm --filter @oyster/remote-communications dev`, http://localhost:3004/).
// Async boundary, as in the shell: shared modules resolve before anything renders.
import('./bootstrap');
