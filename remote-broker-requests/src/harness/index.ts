// Standalone dev harness of remote-broker-requests (`pnpm --filter @oyster/remote-broker-requests dev`, http://localhost:3002/).
// Async boundary, as in the shell: shared modules resolve before anything renders.
import('./bootstrap');
