'use strict';
/**
 * remote-learning: Module Federation remote `remote_learning`.
 * Production: dist/remoteEntry.js + chunks (publicPath 'auto'), served at /remotes/learning/.
 * Development (`pnpm --filter @oyster/remote-learning dev`): the standalone harness on http://localhost:3005/.
 */
const { makeRemoteConfig } = require('../build/remote-config.cjs');

module.exports = makeRemoteConfig({
  dir: __dirname,
  name: 'remote_learning',
  port: 3005,
  exposes: {
    './Routes': './src/routes.tsx',
  },
});
