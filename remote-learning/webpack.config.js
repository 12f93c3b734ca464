'use strict';
/**
 * remote-learning: Module Federation remote `remote_learning`.
 * Production: dist/remoteEntry.js + chunks (publicPath 'auto'), served at /remotes/learning/.
 * Development (`pnpm --filter @oyster/remote-learning dev`): the standalone harness on http://localhost:3005/
 * (?as=copywriter shows the screens as an editor).
 */
const { makeRemoteConfig } = require('../build/remote-config.cjs');

const remote = makeRemoteConfig({
  dir: __dirname,
  name: 'remote_learning',
  port: 3005,
  exposes: {
    './Routes': './src/routes.tsx',
    './NewsWidget': './src/widgets/NewsWidget.tsx',
    './KnowledgeWidget': './src/widgets/KnowledgeWidget.tsx',
    './BannersWidget': './src/widgets/BannersWidget.tsx',
  },
});

module.exports = (env, argv) => {
  const config = remote(env, argv);
  // The home widgets (and the pages) share api.ts and the state components. Under webpack's default
  // 20 KB minimum these small modules would be copied into every widget's chunk; one shared chunk
  // is lighter on home, where all three widgets load together.
  config.optimization = { ...config.optimization, splitChunks: { chunks: 'async', minSize: 2000 } };
  return config;
};
