'use strict';
/**
 * Webpack pieces shared by the shell and the five remotes.
 *
 *   const { makeCommonConfig } = require('../build/webpack-common.cjs');
 *   module.exports = (env, argv) => ({ ...makeCommonConfig({ dir: __dirname, mode: argv.mode }), ... });
 *
 * - .ts/.tsx through ts-loader with transpileOnly (type checking is `npm run typecheck` on its own);
 * - .css through style-loader + css-loader (antd 6 itself is CSS-in-JS);
 * - production: esbuild minify (for the shell, `dropUnused`, then a light terser pass that drops the
 *   code webpack left unused and renames again: see `minimizer()` below), no source maps,
 *   contenthash file names;
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

/**
 * The production minimizer: webpack's own (minimizer-webpack-plugin, taken from the webpack the app
 * builds with, so no dependency of ours) running two minifiers in a chain over each JS file:
 * 1. esbuild (fast; whitespace, syntax, names);
 * 2. terser with only `unused` of its compress options, and its name mangling. esbuild minifies each
 *    chunk as one script, so it keeps every function and variable declared inside a module wrapper
 *    even when nothing uses it — the exports webpack's tree shaking marked unused in concatenated
 *    modules (antd, react-router, tslib, the MF runtime…) — and terser drops them; its renaming
 *    gzips better too. Only the shell takes it (`dropUnused`): it carries the shared libraries,
 *    the bulk of every page's JS; measured 2026-11-27 (2 busy cores) login + home 299.9 → 273.0 KB
 *    gzip for ~+30 s of the shell's build. The remotes' own code gains ~3 % for ~+20 s each, so
 *    they keep esbuild alone. (Terser's full compress instead saves ~1 KB more and costs ~+50 s.)
 * `format` is left as the file's own: an IIFE wrapper would hide a remote container's top-level
 * `var remote_x` and the host could not find the remote's exports (terser keeps top-level names).
 */
function minimizer(dir, dropUnused) {
  const webpackDir = path.resolve(path.dirname(from(dir, 'webpack')), '..');
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  return new MinimizerPlugin({
    extractComments: false,
    minify: [
      { implementation: MinimizerPlugin.esbuildMinify, options: { target: 'es2020', legalComments: 'none' } },
      ...(dropUnused
        ? [{
            implementation: MinimizerPlugin.terserMinify,
            options: { ecma: 2020, compress: { defaults: false, unused: true }, mangle: true, format: { comments: false } },
          }]
        : []),
    ],
  });
}

function makeCommonConfig({ dir, mode = 'production', dropUnused = false }) {
  const prod = mode === 'production';
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
      minimizer: prod ? [minimizer(dir, dropUnused)] : [],
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
