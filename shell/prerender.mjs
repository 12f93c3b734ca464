#!/usr/bin/env node
/**
 * After the shell's webpack build: dist/login.html, the login page with its form already in the
 * markup (src/login/prerender.tsx rendered with antd's CSS) so it paints before any JavaScript has
 * run — the bare antd form of bench/bare-form must first download, parse and run React and antd.
 * The page is dist/index.html with that markup in #root and its CSS in <head>; login/boot.tsx swaps
 * the live form in (typed values kept) as soon as it runs. The api serves it for /app/login,
 * docker/static.nginx.conf likewise.
 *
 * The render runs in Node: esbuild bundles the entry (CSS imports left empty here, their files
 * collected from the bundle's inputs and inlined as they are).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

export async function prerenderLogin() {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-prerender-')), 'login.cjs');
  const result = await build({
    entryPoints: [path.join(here, 'src/login/prerender.tsx')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  });
  const cssFiles = Object.keys(result.metafile.inputs).filter((f) => f.endsWith('.css') && !f.includes('node_modules'));
  const ownCss = cssFiles.map((f) => fs.readFileSync(path.resolve(process.cwd(), f), 'utf8')).join('\n');
  const { renderLogin } = createRequire(import.meta.url)(out);
  const { html, css } = renderLogin();
  fs.rmSync(path.dirname(out), { recursive: true, force: true });

  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const minCss = (s) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '').replace(/\s{2,}/g, ' ');
  const style = `<style data-prerendered="login">${minCss(ownCss)}${css}</style>`;
  const root = '<div id="root"></div>';
  if (!index.includes(root) || !index.includes('</head>')) throw new Error('dist/index.html has no <div id="root"></div> or </head>');
  const page = index.replace('</head>', `${style}</head>`).replace(root, `<div id="root"><div data-prerendered="login">${html}</div></div>`);
  fs.writeFileSync(path.join(dist, 'login.html'), page);
  return { bytes: Buffer.byteLength(page), cssBytes: Buffer.byteLength(style) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bytes, cssBytes } = await prerenderLogin();
  console.log(`dist/login.html: ${(bytes / 1024).toFixed(1)} KB (CSS ${(cssBytes / 1024).toFixed(1)} KB)`);
}
