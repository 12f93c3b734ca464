'use strict';
/**
 * Webpack pieces shared by the shell and the five remotes.
 *
 *   const { makeCommonConfig } = require('../build/webpack-common.cjs');
 *   module.exports = (env, argv) => ({ ...makeCommonConfig({ dir: __dirname, mode: argv.mode }), ... });
 *
 * - .ts/.tsx through ts-loader with transpileOnly (type checking is `npm run typecheck` on its own);
 * - .css through style-loader + css-loader (antd 6 itself is CSS-in-JS);
 * - production: esbuild minify (EsbuildPlugin), no source maps, contenthash file names;
 * - chunk file names carry the chunk name, so bench/build-and-size.mjs can tell react / antd /
 *   shared-kit / the app's own code apart by file name.
 */
const path = require('path');

/** Build tools are devDependencies of each app package, not of the root: resolve them from there. */
function from(dir, id) {
  return require.resolve(id, { paths: [dir, __dirname] });
}

function hashedWhenKnown(pathData) {
  const ch = pathData && pathData.chunk;
  return ch && ch.contentHash && ch.contentHash.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

function makeCommonConfig({ dir, mode = 'production' }) {
  const prod = mode === 'production';
  const { EsbuildPlugin } = require(from(dir, 'esbuild-loader'));
  return {
    mode,
    context: dir,
    devtool: prod ? false : 'eval-cheap-module-source-map',
    target: 'web',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.jsx', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: from(dir, 'ts-loader'),
            options: {
              transpileOnly: true,
              configFile: path.join(dir, 'tsconfig.json'),
              compilerOptions: { noEmit: false, module: 'esnext', target: 'es2020', sourceMap: !prod },
            },
          },
        },
        {
          test: /\.css$/,
          use: [from(dir, 'style-loader'), from(dir, 'css-loader')],
        },
        {
          test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/,
          type: 'asset',
        },
      ],
    },
    output: {
      path: path.join(dir, 'dist'),
      // The MF runtime module asks for the entry's file name before hashes exist (to compute its
      // output depth); answer without the hash then, with it when the file is really emitted.
      filename: prod ? hashedWhenKnown : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    optimization: {
      minimize: prod,
      minimizer: [
        // `format` left as-is: esbuild-loader's default 'iife' would hide a remote container's
        // top-level `var remote_x` and the host could not find the remote's exports.
        new EsbuildPlugin({ target: 'es2020', format: undefined, css: true, legalComments: 'none' }),
      ],
      // Readable chunk names (e.g. "vendor-react-dom", "kit-ui-base") for the size report.
      chunkIds: 'named',
      moduleIds: prod ? 'deterministic' : 'named',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

module.exports = { makeCommonConfig, from };
