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
    // One module behind the three names (src/widgets/index.ts): one chunk for the home page.
    './NewsWidget': './src/widgets/index.ts',
    './KnowledgeWidget': './src/widgets/index.ts',
    './BannersWidget': './src/widgets/index.ts',
  },
});

module.exports = (env, argv) => {
  const config = remote(env, argv);
  // Pieces shared by several pages are split out only from 8 KB up: smaller ones travel with each
  // page's chunk (one request instead of three for a page and its styles and api calls).
  config.optimization = { ...config.optimization, splitChunks: { chunks: 'async', minSize: 8000 } };
  return config;
};
