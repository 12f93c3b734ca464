'use strict';
/**
 * The webpack config of one remote (container name remote_<x>, remoteEntry.js, publicPath 'auto',
 * exposes ./Routes, the shared map, 'loaded-first'), plus its standalone dev harness.
 *
 *   // remote-learning/webpack.config.js
 *   module.exports = makeRemoteConfig({ dir: __dirname, name: 'remote_learning', port: 3005,
 *     exposes: { './Routes': './src/routes.tsx' } });
 */
const path = require('path');
const { makeCommonConfig, from } = require('./webpack-common.cjs');
const { shared } = require('./shared.cjs');

const API = process.env.OYSTER_API_URL || 'http://localhost:8080';

/** The generated federation entry imports .../webpack-bundler-runtime/dist/bundler.js by its absolute path. */
function bundlerRuntimeExternal({ request }, callback) {
  if (/@module-federation[\\/]webpack-bundler-runtime([\\/]dist[\\/](bundler|index)\.js)?$/.test(request || '')) {
    return callback(null, 'global __OYSTER_MF_BUNDLER_RUNTIME__');
  }
  return callback();
}

/** The shared map with `import: false` on every entry: consumed from the host, never provided. */
function withoutFallbacks(map) {
  return Object.fromEntries(Object.entries(map).map(([key, config]) => [key, { ...config, import: false }]));
}

function makeRemoteConfig({ dir, name, port, exposes }) {
  const HtmlWebpackPlugin = require(from(dir, 'html-webpack-plugin'));
  const { ModuleFederationPlugin } = require(from(dir, '@module-federation/enhanced/webpack'));
  return (env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const dev = mode === 'development';
    const common = makeCommonConfig({ dir, mode });
    return {
      ...common,
      // Production remotes take webpack's MF bundler runtime (and the runtime and SDK it imports)
      // from the shell (shell/src/federation/registry.ts, global __OYSTER_MF_BUNDLER_RUNTIME__), as
      // externalRuntime makes them take the runtime core: each remoteEntry.js then carries only its
      // container and its tables. The dev harness is its own host and keeps everything inside.
      externals: dev ? undefined : [bundlerRuntimeExternal],
      // The harness is only built for the dev server; the production dist is remoteEntry.js + chunks.
      entry: dev ? { harness: './src/harness/index.ts' } : {},
      output: {
        ...common.output,
        publicPath: 'auto',
        uniqueName: name,
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // In production the shell provides every shared module (shell/src/federation/shared.ts, the
          // same map): a remote needs no copy of its own to fall back on, so it ships none
          // (`import: false`) — no fallback chunks, and no table of them in remoteEntry.js. The dev
          // harness is its own host and keeps them.
          shared: dev ? shared : withoutFallbacks(shared),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          // Production remotes use the shell's MF runtime (global _FEDERATION_RUNTIME_CORE, set by
          // shell/src/federation/registry.ts) instead of each carrying a copy. The dev harness is its
          // own host, so it keeps the runtime inside.
          experiments: { externalRuntime: !dev },
        }),
        ...(dev
          ? [new HtmlWebpackPlugin({ template: path.join(__dirname, 'harness.html'), title: `${path.basename(dir)} — стенд`, filename: 'index.html', chunks: ['harness'] })]
          : []),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        proxy: [{ context: ['/api', '/media'], target: API, changeOrigin: true }],
        client: { overlay: { errors: true, warnings: false } },
      },
    };
  };
}

module.exports = { makeRemoteConfig };
