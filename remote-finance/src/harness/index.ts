// Standalone dev harness of remote-finance (`pnpm --filter @oyster/remote-finance dev`, http://localhost:3003/).
// Async boundary, as in the shell: shared modules resolve before anything renders.
import('./bootstrap');
