'use strict';
/**
 * The shell, served under /app/: a plain webpack build, the Module Federation host only at runtime.
 * No federation plugin here: the login page must not carry the MF runtime. After sign-in
 * shell/src/federation makes the one runtime instance (@module-federation/runtime), gives the
 * remotes the shell's own copies of the shared map (build/shared.cjs, versions passed in below as
 * __OYSTER_SHARED__) and registers the remotes from the api's manifest (GET /api/v2/remotes-manifest),
 * so a remote can be redeployed without rebuilding the shell.
 */
const fs = require('fs');
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { makeCommonConfig } = require('../build/webpack-common.cjs');
const { shared, sharedVersions } = require('../build/shared.cjs');

const API = process.env.OYSTER_API_URL || 'http://localhost:8080';

function readPageTitle() {
  const src = fs.readFileSync(path.join(__dirname, '../shared-kit/src/domain/constants.ts'), 'utf8');
  const m = src.match(/PAGE_TITLE\s*=\s*'([^']*)'/);
  return m ? m[1] : 'Oyster';
}

/**
 * <link rel="preload"> in index.html for the files of the login page's chunk group (its code and
 * the vendor chunk of React + antd's first pieces, which every other page needs as well): the
 * browser fetches them beside main.js instead of after it (no serial waterfall before first paint).
 */
class PreloadLoginChunks {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadLoginChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadLoginChunks', (data) => {
        const group = compilation.namedChunkGroups.get('login-boot');
        if (!group) return data;
        const publicPath = compilation.outputOptions.publicPath;
        const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((f) => f.endsWith('.js'));
        const links = files.map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'PreloadLoginChunks' },
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
        }));
        data.headTags.unshift(...links);
        return data;
      });
    });
  }
}

/**
 * The files of public/sounds/ (the popup sounds, made by scripts/make-sounds.mjs) emitted as they are
 * into dist/sounds/, so the api (and the dev server) serve them at /app/sounds/{name}.wav; and the
 * service worker public/sw.js as dist/sw.js (/app/sw.js).
 */
class CopyPublicSounds {
  apply(compiler) {
    const dir = path.join(__dirname, 'public', 'sounds');
    compiler.hooks.thisCompilation.tap('CopyPublicSounds', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyPublicSounds', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        if (!fs.existsSync(dir)) return;
        compilation.contextDependencies.add(dir);
        for (const name of fs.readdirSync(dir)) {
          if (!/\.wav$/.test(name)) continue;
          const file = path.join(dir, name);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(`sounds/${name}`, new webpack.sources.RawSource(fs.readFileSync(file)));
        }
        // The service worker, at /app/sw.js (its scope is /app/; not hashed: browsers check it for updates).
        const sw = path.join(__dirname, 'public', 'sw.js');
        if (fs.existsSync(sw)) {
          compilation.fileDependencies.add(sw);
          compilation.emitAsset('sw.js', new webpack.sources.RawSource(fs.readFileSync(sw)));
        }
      });
    });
  }
}

module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode || 'production';
  // dropUnused: the shell's chunks hold the shared libraries, where esbuild alone leaves much unused code.
  const common = makeCommonConfig({ dir: __dirname, mode, dropUnused: true });
  return {
    ...common,
    entry: { main: env.entry || './src/index.ts' },
    output: { ...common.output, publicPath: '/app/', uniqueName: 'shell' },
    plugins: [
      new webpack.DefinePlugin({
        __OYSTER_SHARED__: JSON.stringify(sharedVersions(shared)),
        // Web analytics (§4 Go_chat): a Yandex Metrika counter given at build time; none by default.
        __OYSTER_METRIKA_ID__: JSON.stringify(process.env.YANDEX_METRIKA_ID ?? ''),
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        title: readPageTitle(),
        scriptLoading: 'defer',
        minify: mode === 'production' ? { collapseWhitespace: true, removeComments: true, minifyCSS: true } : false,
      }),
      new PreloadLoginChunks(),
      new CopyPublicSounds(),
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
