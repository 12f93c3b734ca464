// A plain production webpack build of the bare form (bench/bare-form/build.mjs runs it).
// Output directory: env BARE_FORM_OUT (or `--env out=<dir>`), default bench/bare-form/dist.
const path = require('node:path');
const { EsbuildPlugin } = require('esbuild-loader');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = (env = {}) => ({
  mode: 'production',
  context: __dirname,
  entry: './src/index.tsx',
  output: {
    path: path.resolve(env.out || process.env.BARE_FORM_OUT || path.join(__dirname, 'dist')),
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    publicPath: '/',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'esbuild-loader',
        options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
      },
    ],
  },
  optimization: {
    minimizer: [new EsbuildPlugin({ target: 'es2020' })],
  },
  plugins: [
    new HtmlWebpackPlugin({
      title: 'Вход',
      scriptLoading: 'defer',
      templateContent:
        '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Вход</title></head><body><div id="root"></div></body></html>',
    }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
});
