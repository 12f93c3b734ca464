// Builds the shell, the five remotes and the api. An app whose sources did not change since its
// last build is skipped (pass --force to rebuild everything).
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, ensureInstalled, log, newestMtime, pnpm } from './lib.mjs';
import { statSync } from 'node:fs';

const { precompressDir } = createRequire(import.meta.url)('../build/precompress.cjs');

export const APPS = [
  'shell',
  'remote-sales',
  'remote-broker-requests',
  'remote-finance',
  'remote-communications',
  'remote-learning',
  'api',
];

const SHARED_INPUTS = ['shared-kit/src', 'shared-kit/package.json', 'build', 'pnpm-lock.yaml', 'tsconfig.base.json'];

function stale(app) {
  const stamp = join(ROOT, app, 'dist', '.build-stamp');
  if (!existsSync(stamp)) return true;
  const inputs = [join(ROOT, app, 'src'), join(ROOT, app, 'public'), join(ROOT, app, 'webpack.config.js'), join(ROOT, app, 'build.mjs'), join(ROOT, app, 'prerender.mjs'), join(ROOT, app, 'package.json'), ...SHARED_INPUTS.map((p) => join(ROOT, p))];
  return newestMtime(inputs) > statSync(stamp).mtimeMs;
}

async function buildApp(app) {
  const started = Date.now();
  const code = await pnpm(['--filter', `@oyster/${app}`, 'run', 'build'], { env: { NODE_ENV: 'production' } });
  if (code !== 0) throw new Error(`build of ${app} failed (exit ${code})`);
  // Front-ends are served compressed: brotli and gzip copies made once here, not per request.
  const packed = app === 'api' ? null : precompressDir(join(ROOT, app, 'dist'));
  writeFileSync(join(ROOT, app, 'dist', '.build-stamp'), new Date().toISOString());
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  log(`built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s${packed ? ` (${packed.files} files ${kb(packed.bytes)} → br ${kb(packed.br)}, gzip ${kb(packed.gz)})` : ''}`);
}

export async function buildAll({ force = false, parallel = 2 } = {}) {
  const todo = APPS.filter((a) => force || stale(a));
  if (!todo.length) {
    log('build is up to date');
    return;
  }
  log(`building ${todo.join(', ')}`);
  const queue = [...todo];
  const workers = Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    while (queue.length) await buildApp(queue.shift());
  });
  await Promise.all(workers);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureInstalled();
  const started = Date.now();
  try {
    await buildAll({ force: process.argv.includes('--force') });
  } catch (e) {
    log(e.message);
    process.exit(1);
  }
  log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
