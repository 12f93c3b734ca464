'use strict';
/**
 * The shell: Module Federation host `shell`, served under /app/.
 * Remotes are NOT listed here: shell/src/federation registers them at runtime from the api's
 * manifest (GET /api/v2/remotes-manifest), so a remote can be redeployed without rebuilding the shell.
 */
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { makeCommonConfig } = require('../build/webpack-common.cjs');
const { shared } = require('../build/shared.cjs');

const API = process.env.OYSTER_API_URL || 'http://localhost:8080';

function readPageTitle() {
  const src = require('fs').readFileSync(path.join(__dirname, '../shared-kit/src/domain/constants.ts'), 'utf8');
  const m = src.match(/PAGE_TITLE\s*=\s*'([^']*)'/);
  return m ? m[1] : 'Oyster';
}

module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode || 'production';
  const common = makeCommonConfig({ dir: __dirname, mode });
  return {
    ...common,
    entry: { main: env.entry || './src/index.ts' },
    output: { ...common.output, publicPath: '/app/', uniqueName: 'shell' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared,
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('./src/federation/runtime-plugin.ts')],
        dts: false,
        manifest: false,
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        title: readPageTitle(),
        scriptLoading: 'defer',
        minify: mode === 'production' ? { collapseWhitespace: true, removeComments: true, minifyCSS: true } : false,
      }),
    ],
    devServer: {
      port: 3000,
      historyApiFallback: { index: '/app/index.html' },
      devMiddleware: { publicPath: '/app/' },
      hot: false,
      open: false,
      proxy: [
        { context: ['/api', '/remotes', '/media', '/suggest'], target: API, changeOrigin: true },
        // Host stays the dev server's: the api lets a socket in only when the browser's Origin is its Host's.
        { context: ['/socket.io'], target: API, ws: true, changeOrigin: false },
      ],
      client: { overlay: { errors: true, warnings: false } },
    },
  };
};
