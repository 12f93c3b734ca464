#!/usr/bin/env node
/**
 * A throwaway static server that mimics the production paths, for checking the federation glue when
 * the api is not at hand: /app/* → shell/dist (SPA fallback), /remotes/<name>/* → remote-<name>/dist
 * (CORS), GET /api/v2/remotes-manifest. Test controls: POST /__block/<name>, POST /__unblock/<name>
 * make a remote's files answer 503 (a remote that is down).
 *
 *   node bench/static-server.mjs [port]      (default 8099)
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['sales', 'broker-requests', 'finance', 'communications', 'learning'];
const TYPES = { '.js': 'application/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };
const blocked = new Set();

function sendFile(res, file, extraHeaders = {}) {
  fs.readFile(file, (err, buf) => {
    if (err) {
      res.writeHead(404, extraHeaders);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache', ...extraHeaders });
    res.end(buf);
  });
}

export function startStaticServer(port = 8099) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const p = decodeURIComponent(url.pathname);
    let m;
    if (req.method === 'POST' && (m = p.match(/^\/__(block|unblock)\/([\w-]+)$/))) {
      if (m[1] === 'block') blocked.add(m[2]);
      else blocked.delete(m[2]);
      res.end('ok');
      return;
    }
    if (p === '/api/v2/remotes-manifest') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ remotes: Object.fromEntries(REMOTES.map((r) => [`remote_${r.replace(/-/g, '_')}`, `/remotes/${r}/remoteEntry.js`])) }));
      return;
    }
    if ((m = p.match(/^\/remotes\/([\w-]+)\/(.*)$/)) && REMOTES.includes(m[1])) {
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (blocked.has(m[1])) {
        res.writeHead(503, cors);
        res.end('down');
        return;
      }
      const dist = path.join(root, `remote-${m[1]}`, 'dist');
      const file = path.join(dist, path.normalize(m[2]));
      if (!file.startsWith(dist)) return res.writeHead(400).end();
      return sendFile(res, file, cors);
    }
    if (p === '/' || p === '/app') {
      res.writeHead(302, { Location: '/app/' });
      res.end();
      return;
    }
    if (p.startsWith('/app/')) {
      const dist = path.join(root, 'shell', 'dist');
      const file = path.join(dist, path.normalize(p.slice(5)));
      if (file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) return sendFile(res, file);
      return sendFile(res, path.join(dist, 'index.html'));
    }
    if (p.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Нет такого метода (статический стенд)' }));
      return;
    }
    res.writeHead(404);
    res.end('not found');
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] || 8099);
  startStaticServer(port).then(() => console.log(`static stand on http://localhost:${port}/app/`));
}
