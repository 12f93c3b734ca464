'use strict';
/**
 * remote-broker-requests: Module Federation remote `remote_broker_requests`.
 * Production: dist/remoteEntry.js + chunks (publicPath 'auto'), served at /remotes/broker-requests/.
 * Development (`pnpm --filter @oyster/remote-broker-requests dev`): the standalone harness on http://localhost:3002/.
 */
const { makeRemoteConfig } = require('../build/remote-config.cjs');

module.exports = makeRemoteConfig({
  dir: __dirname,
  name: 'remote_broker_requests',
  port: 3002,
  exposes: {
    './Routes': './src/routes.tsx',
    // Home's «Статистика запросов» for managers: light kit entries only.
    './StatisticsWidget': './src/widgets/StatisticsWidget.tsx',
  },
});
