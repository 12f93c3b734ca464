// `node scripts/restore.mjs <backup dir> --data-dir <new folder> [--files-dir <dir>]`
// Restores a backup of scripts/backup.mjs into a FRESH database folder (never over a database) and its
// files folder (default <data-dir>-files), after checking the tarball's sha256 against the manifest.
// Then start the api with DATA_DIR=<new folder> (and FILES_DIR when you gave --files-dir).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
const target = opt('--data-dir');
if (!dir || !target) {
  console.error('usage: node scripts/restore.mjs <backup dir> --data-dir <new folder> [--files-dir <dir>]');
  process.exit(2);
}
const src = resolve(dir);
const dataDir = resolve(target);
const filesDir = resolve(opt('--files-dir') ?? `${dataDir.replace(/[\\/]+$/, '')}-files`);
const manifest = JSON.parse(readFileSync(join(src, 'manifest.json'), 'utf8'));
if (manifest.kind !== 'oyster-backup') throw new Error(`${src} is not an Oyster backup`);
for (const d of [dataDir, filesDir]) {
  if (existsSync(d) && readdirSync(d).length) {
    console.error(`restore: ${d} is not empty — restore into a fresh folder`);
    process.exit(2);
  }
}
const started = Date.now();
const tarball = readFileSync(join(src, manifest.database.file));
const sha = createHash('sha256').update(tarball).digest('hex');
if (sha !== manifest.database.sha256) {
  console.error(`restore: ${manifest.database.file} does not match the manifest (sha256 ${sha}, expected ${manifest.database.sha256})`);
  process.exit(1);
}
mkdirSync(dirname(dataDir), { recursive: true });
const { PGlite } = createRequire(join(ROOT, 'api', 'package.json'))('@electric-sql/pglite');
const lite = new PGlite(dataDir, { loadDataDir: new Blob([tarball]) });
await lite.waitReady;
const [{ n }] = (await lite.query('SELECT count(*)::int AS n FROM schema_migrations')).rows;
await lite.close();
if (existsSync(join(src, 'files'))) cpSync(join(src, 'files'), filesDir, { recursive: true });
console.log(`restore: ${dataDir} (${n} migrations) and ${filesDir} from the backup of ${manifest.takenAt}, in ${Date.now() - started} ms`);
console.log(`start it with: DATA_DIR=${dataDir}${opt('--files-dir') ? ` FILES_DIR=${filesDir}` : ''} node api/dist/server.mjs`);
