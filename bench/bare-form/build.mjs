/**
 * The bare React 18.3 + antd 6 login form of issue 10: build it and serve it.
 *
 *   import { buildBareForm, serveStatic } from './bare-form/build.mjs';
 *   const { dir, ms } = await buildBareForm({ outDir });   // webpack (Node API) with ./webpack.config.cjs
 *   const { url, close } = await serveStatic(dir, 0);      // http://127.0.0.1:<port>/
 *
 * serveStatic answers with gzip (level 9, computed once at start) when the request accepts it, like
 * our production server answers with its precompressed brotli/gzip copies, so the wire comparison is fair.
 *
 * Run directly: `node bench/bare-form/build.mjs [outDir] [--serve]` builds, prints the JS size, and
 * with --serve keeps serving it on PORT (default 8098).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Builds the bare form into outDir (created; emptied by webpack). Returns the directory and the build time. */
export async function buildBareForm({ outDir } = {}) {
  const dir = path.resolve(outDir || fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bare-form-')));
  fs.mkdirSync(dir, { recursive: true });
  const webpack = require('webpack');
  const config = require('./webpack.config.cjs')({ out: dir });
  const started = Date.now();
  const stats = await new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((err, result) => {
      compiler.close(() => {});
      if (err) return reject(err);
      if (result.hasErrors()) return reject(new Error(result.toString('errors-only')));
      resolve(result);
    });
  });
  void stats;
  return { dir, ms: Date.now() - started };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Serves `dir` on 127.0.0.1:`port` (0 = any free port), gzip level 9 for .js/.html/.css precomputed. */
export function serveStatic(dir, port = 0) {
  const files = new Map();
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const body = fs.readFileSync(p);
        const ext = path.extname(p);
        const gz = ['.js', '.html', '.css', '.svg', '.json', '.txt'].includes(ext) ? zlib.gzipSync(body, { level: 9 }) : null;
        files.set('/' + path.relative(dir, p).split(path.sep).join('/'), { body, gz, type: TYPES[ext] || 'application/octet-stream', hashed: /\.[0-9a-f]{8}\.\w+$/.test(p) });
      }
    }
  };
  walk(dir);
  const server = http.createServer((req, res) => {
    let pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (pathname.endsWith('/')) pathname += 'index.html';
    const f = files.get(pathname) || (path.extname(pathname) ? null : files.get('/index.html'));
    if (!f || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    const useGz = f.gz && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
    const body = useGz ? f.gz : f.body;
    const headers = {
      'content-type': f.type,
      'content-length': body.length,
      'cache-control': f.hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (useGz) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}/`;
      resolve({
        url,
        close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
      });
    });
  });
}

/** gzip level 9 bytes of every .js file in dir (what the page loads: the bare form has no lazy chunks). */
export function jsGzipBytes(dir) {
  let total = 0;
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.js')) total += zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;
  return total;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outDir = args.find((a) => !a.startsWith('--')) || path.join(here, 'dist');
  const { dir, ms } = await buildBareForm({ outDir });
  console.log(`bare form built in ${(ms / 1000).toFixed(1)} s → ${dir}; JS ${(jsGzipBytes(dir) / 1024).toFixed(1)} KiB gzip`);
  if (args.includes('--serve')) {
    const s = await serveStatic(dir, Number(process.env.PORT || 8098));
    console.log(`serving at ${s.url} (Ctrl-C stops)`);
  }
}
