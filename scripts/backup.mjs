// `node scripts/backup.mjs <dir> [--url http://127.0.0.1:8080] [--data-dir .data/pglite] [--files-dir <dir>] [--media-dir <dir>]`
// A consistent backup of the embedded database (PGlite) and the files folder into <dir>:
//   pglite.tar.gz  the database folder, taken between transactions
//   files/         a copy of the files folder (FILES_DIR, default <DATA_DIR>-files): uploads and the
//                  media served at /media/ (files/media/…); media still in the old media folder
//                  (MEDIA_DIR, default <repo>/media: not moved into the store yet) are copied in as
//                  files/media/… too, where the api would have moved them
//   manifest.json  when, from where, sizes and sha256 of the tarball, the files' count and bytes
// The api running (--url or OYSTER_URL): nothing stops — the api dumps its own database on
// GET /api/v2/system/backup/database, signed in as an administrator (BACKUP_EMAIL, BACKUP_PASSWORD).
// The api stopped (no --url): the folder is opened here and dumped.
// Files are copied after the database: a file is written before its row and never changed under its
// key, so every file the dumped rows name is in the copy (a few newer ones may be there too).
// PostgreSQL and S3 are backed up with their own tools (docs/operations.md, «Backups»).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const dir = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
if (!dir) {
  console.error('usage: node scripts/backup.mjs <dir> [--url http://127.0.0.1:8080] [--data-dir .data/pglite] [--files-dir <dir>]');
  process.exit(2);
}
const out = resolve(dir);
if (existsSync(out) && readdirSync(out).length) {
  console.error(`backup: ${out} is not empty — choose a new folder`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const url = opt('--url', process.env.OYSTER_URL);
const dataDir = resolve(opt('--data-dir', process.env.DATA_DIR ?? join(ROOT, '.data', 'pglite')));
const filesDir = resolve(opt('--files-dir', process.env.FILES_DIR ?? `${dataDir.replace(/[\\/]+$/, '')}-files`));
const mediaDir = resolve(opt('--media-dir', process.env.MEDIA_DIR ?? join(ROOT, 'media')));
const started = Date.now();

let tarball;
if (url) {
  const email = process.env.BACKUP_EMAIL;
  const password = process.env.BACKUP_PASSWORD;
  if (!email || !password) {
    console.error('backup: set BACKUP_EMAIL and BACKUP_PASSWORD (an administrator) to back up a running api');
    process.exit(2);
  }
  const login = await fetch(`${url}/api/v2/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, rememberMe: false }) });
  const token = (await login.json().catch(() => ({}))).token;
  if (!token) {
    console.error(`backup: could not sign in to ${url} as ${email} (${login.status})`);
    process.exit(1);
  }
  const res = await fetch(`${url}/api/v2/system/backup/database`, { headers: { 'x-api-token': token } });
  if (res.status !== 200) {
    console.error(`backup: ${url} answered ${res.status}: ${(await res.json().catch(() => ({}))).message ?? ''}`);
    process.exit(1);
  }
  tarball = Buffer.from(await res.arrayBuffer());
  await fetch(`${url}/api/v2/auth/logout/`, { method: 'POST', headers: { 'x-api-token': token } }).catch(() => undefined);
} else {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`backup: no database in ${dataDir} (--data-dir), and no --url of a running api`);
    process.exit(2);
  }
  // Only with the api stopped: PGlite is one process's database.
  const { PGlite } = createRequire(join(ROOT, 'api', 'package.json'))('@electric-sql/pglite');
  const lite = new PGlite(dataDir);
  await lite.waitReady;
  await lite.exec('CHECKPOINT');
  tarball = Buffer.from(await (await lite.dumpDataDir('gzip')).arrayBuffer());
  await lite.close();
}
writeFileSync(join(out, 'pglite.tar.gz'), tarball);
const dbMs = Date.now() - started;

let files = 0;
let fileBytes = 0;
if (existsSync(filesDir)) {
  cpSync(filesDir, join(out, 'files'), { recursive: true, filter: (src) => !src.endsWith('.tmp') });
}
// The old media folder's files the api has not moved into the store yet (platform/media-files.ts): where
// the move would put them, unless the store has that file already (then the store's is the one served).
let oldMedia = 0;
if (existsSync(mediaDir)) {
  cpSync(mediaDir, join(out, 'files', 'media'), {
    recursive: true,
    force: false,
    filter: (src) => {
      const name = basename(src);
      if (src === mediaDir) return true;
      if (name.startsWith('.') || name.endsWith('.tmp')) return false;
      if (statSync(src).isFile()) oldMedia++;
      return true;
    },
  });
}
if (existsSync(join(out, 'files'))) {
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else {
        files++;
        fileBytes += statSync(join(d, e.name)).size;
      }
    }
  };
  walk(join(out, 'files'));
}
const manifest = {
  kind: 'oyster-backup',
  version: 1,
  takenAt: new Date().toISOString(),
  from: url ? { url } : { dataDir },
  filesDir,
  mediaDir,
  database: { file: 'pglite.tar.gz', bytes: tarball.length, sha256: createHash('sha256').update(tarball).digest('hex'), ms: dbMs },
  files: { dir: 'files', count: files, bytes: fileBytes, fromOldMediaFolder: oldMedia },
  ms: Date.now() - started,
};
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`backup: ${out} — database ${(tarball.length / 1024 / 1024).toFixed(1)} MB in ${dbMs} ms, ${files} file(s) ${(fileBytes / 1024).toFixed(0)} KB, ${manifest.ms} ms in all`);
