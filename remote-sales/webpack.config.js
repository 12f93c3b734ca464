'use strict';
/**
 * remote-sales: Module Federation remote `remote_sales`.
 * Production: dist/remoteEntry.js + chunks (publicPath 'auto'), served at /remotes/sales/.
 * Development (`pnpm --filter @oyster/remote-sales dev`): the standalone harness on http://localhost:3001/.
 */
const { makeRemoteConfig } = require('../build/remote-config.cjs');

module.exports = makeRemoteConfig({
  dir: __dirname,
  name: 'remote_sales',
  port: 3001,
  exposes: {
    './Routes': './src/routes.tsx',
    // «Новый полис»: the shell mounts it from the sidebar button.
    './Showcase': './src/widgets/Showcase.tsx',
    // Home's «Продукты»: light entries only (ui/parts, ui/screens/widgets, domain/platform).
    './ProductCatalogue': './src/widgets/ProductCatalogue.tsx',
  },
});
