'use strict';
/**
 * remote-finance: Module Federation remote `remote_finance`.
 * Production: dist/remoteEntry.js + chunks (publicPath 'auto'), served at /remotes/finance/.
 * Development (`pnpm --filter @oyster/remote-finance dev`): the standalone harness on http://localhost:3003/.
 */
const { makeRemoteConfig } = require('../build/remote-config.cjs');

module.exports = makeRemoteConfig({
  dir: __dirname,
  name: 'remote_finance',
  port: 3003,
  exposes: {
    './Routes': './src/routes.tsx',
  },
});
