// Backup drill (issue 27, «Files and data a broker can keep»): `node bench/backup-drill.mjs [--port 8250]`
// 1. starts the product (api/dist/server.mjs) on a fresh DATA_DIR with the demo seed and an old media
//    folder (MEDIA_DIR) holding one picture, which the start moves into the file store;
// 2. makes changes through the api: the agent sends a chat file and creates a contract with a scan, the
//    copywriter uploads a news picture;
// 3. backs it up WHILE IT RUNS (scripts/backup.mjs --url, as the admin), a /health poller asking all the
//    while: the longest gap between its answers is how long the api stopped answering;
// 4. restores the backup into a new folder (scripts/restore.mjs) and starts the product there, with an
//    empty media folder (so the pictures can only come from the backup);
// 5. checks the same rows (the chat message, the contract, its file list) and the same file bytes come
//    back — the chat file, the scan, the moved picture, the uploaded one and a demo banner at their /media/ URLs.
// Prints the backup's size, the times and the poller's longest gap: during the whole backup command
// (healthMaxGapMs), during the database dump alone (healthMaxGapDumpMs), and over 3 s without a backup
// (healthMaxGapIdleMs, the machine's own noise). Bounded: every wait has a limit;
// stops both servers and removes its folders by itself. Needs `node api/build.mjs` (or scripts/build.mjs) first.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_SERVER, ROOT, startDemoServer } from './lib.mjs';
import { answerGaps } from './drill-lib.mjs';

const argPort = process.argv.indexOf('--port');
const port = Number(argPort > 0 ? process.argv[argPort + 1] : process.env.E2E_PORT ?? 8250);
const PASSWORD = 'Oyster2026!';
const sha = (b) => createHash('sha256').update(b).digest('hex');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-backup-drill-'));
const deadline = setTimeout(() => {
  console.error('backup drill: over 15 minutes — stopped');
  process.exit(1);
}, 15 * 60_000);
if (!fs.existsSync(API_SERVER)) {
  console.error('backup drill: api/dist/server.mjs is missing — run `node api/build.mjs` (cd api) or `node scripts/build.mjs`');
  process.exit(2);
}

async function api(url, token, method, p, body) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { ...(token ? { 'x-api-token': token } : {}), ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  return json;
}
const login = async (url, email) => (await api(url, null, 'POST', '/api/v2/auth/login/', { email, password: PASSWORD, rememberMe: false })).token;
const bytesOf = async (url, token, p) => {
  const res = await fetch(`${url}${p}`, { headers: { 'x-api-token': token }, signal: AbortSignal.timeout(30_000) });
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
};
const mediaBytes = async (url, p) => {
  const res = await fetch(`${url}${p}`, { signal: AbortSignal.timeout(30_000) });
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
};
// A 1×1 PNG: the picture of the old media folder, and the copywriter's upload.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A child process as a promise (spawnSync would stop this process's poller too). */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const pdf = (label) => Buffer.from(`%PDF-1.7\n% ${label} ${randomBytes(2048).toString('base64')}\n1 0 obj << >> endobj\n%%EOF\n`, 'latin1');

/** What the drill compares before and after: rows through the api, bytes by sha256. */
async function snapshot(url, ids) {
  const agent = await login(url, 'agent@oyster.test');
  const messages = (await api(url, agent, 'GET', `/api/v2/chats/${ids.chatId}/messages`)).data;
  const msg = (messages.messages ?? messages.items ?? messages).find?.((m) => m._id === ids.messageId);
  const contract = (await api(url, agent, 'GET', `/api/v2/contracts/${ids.contractId}`)).data;
  return {
    message: msg ? { text: msg.text ?? msg.body, file: msg.file?.fileName } : null,
    contract: { status: contract.status, premium: contract.premium ?? contract.calculation?.premium ?? null, files: contract.files.map((f) => `${f.uploadFileName} ${f.size}`) },
    chatFile: sha(await bytesOf(url, agent, `/api/v2/chats/${ids.chatId}/files/${ids.chatFileId}`)),
    contractFile: sha(await bytesOf(url, agent, `/api/v2/contracts/${ids.contractId}/files/${ids.contractFileId}`)),
    movedPicture: sha(await mediaBytes(url, '/media/news/old-cover.png')),
    uploadedPicture: sha(await mediaBytes(url, ids.pictureUrl)),
    demoBanner: sha(await mediaBytes(url, '/media/banners/demo-eosago.png')),
  };
}

const figures = {};
let first = null;
let second = null;
let failed = false;
try {
  const dataA = path.join(work, 'a', 'pglite');
  fs.mkdirSync(path.dirname(dataA), { recursive: true });
  const oldMedia = path.join(work, 'a', 'media');
  fs.mkdirSync(path.join(oldMedia, 'news'), { recursive: true });
  fs.writeFileSync(path.join(oldMedia, 'news', 'old-cover.png'), PNG);
  let t = Date.now();
  first = await startDemoServer({ port, dataDir: dataA, env: { DEMO_INSURER_DELAY_MS: '0', MEDIA_DIR: oldMedia }, waitMs: 420_000 });
  if (fs.existsSync(path.join(oldMedia, 'news', 'old-cover.png')) || !fs.existsSync(path.join(`${dataA}-files`, 'media', 'news', 'old-cover.png'))) {
    throw new Error('the old media folder was not moved into the file store at start');
  }
  figures.firstStartMs = Date.now() - t;

  // Changes through the api.
  const agent = await login(first.url, 'agent@oyster.test');
  const chatId = (await api(first.url, agent, 'GET', '/api/v2/chats/support')).data._id ?? (await api(first.url, agent, 'GET', '/api/v2/chats/support')).data.id;
  const chatPdf = pdf('chat');
  const form = new FormData();
  form.append('text', 'Скан для резервной копии');
  form.append('clientKey', `drill-${randomBytes(4).toString('hex')}`);
  form.append('file', new Blob([chatPdf]), 'скан.pdf');
  const message = (await api(first.url, agent, 'POST', `/api/v2/chats/${chatId}/files`, form)).data;
  const init = (await api(first.url, agent, 'GET', '/api/v2/init-state')).data;
  const company = init.companies.find((c) => c.idUnicus === 'vsk') ?? init.companies[0];
  const s = (await api(first.url, agent, 'POST', '/suggest/address', { query: 'москва тверская', count: 1 })).suggestions[0];
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const calculation = { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' }, owner: { address: { value: s.value, data: s.data } }, unrestricted: true, periodMonths: 12, startDate: tomorrow };
  const contract = (await api(first.url, agent, 'POST', '/api/v2/contracts', { calculation, companyId: company._id })).data;
  const types = (await api(first.url, agent, 'GET', `/api/v2/file-list-company/${contract.companyId}`)).data.fileTypes;
  const scan = pdf('contract');
  const cf = new FormData();
  cf.append('typeId', types[0]._id);
  cf.append('file', new Blob([scan]), 'паспорт.pdf');
  const files = (await api(first.url, agent, 'POST', `/api/v2/contracts/${contract.id}/attach-files`, cf)).data.files;
  const copywriter = await login(first.url, 'copywriter@oyster.test');
  const pf = new FormData();
  pf.append('file', new Blob([PNG]), 'обложка.png');
  const picture = (await api(first.url, copywriter, 'POST', '/api/v2/uploads?kind=news', pf)).data;
  const ids = { chatId, messageId: message._id, chatFileId: message.file._id, contractId: contract.id, contractFileId: files[0]._id, pictureUrl: picture.url };
  const before = await snapshot(first.url, ids);
  if (before.chatFile !== sha(chatPdf) || before.contractFile !== sha(scan) || before.movedPicture !== sha(PNG) || before.uploadedPicture !== sha(PNG)) {
    throw new Error('the files read back differ before the backup');
  }

  // Backup while it runs.
  const backupDir = path.join(work, 'backup');
  // The same poller for 3 s with no backup: the gaps the machine's load makes by itself.
  const idle = answerGaps(first.url);
  await new Promise((r) => setTimeout(r, 3000));
  figures.healthMaxGapIdleMs = (await idle()).maxGapMs;
  t = Date.now();
  const poll = answerGaps(first.url);
  const b = await run([path.join(ROOT, 'scripts/backup.mjs'), backupDir, '--url', first.url, '--data-dir', dataA, '--media-dir', oldMedia], {
    ...process.env,
    BACKUP_EMAIL: 'admin@oyster.test',
    BACKUP_PASSWORD: PASSWORD,
  });
  figures.backupMs = Date.now() - t;
  const polled = await poll();
  figures.healthMaxGapMs = polled.maxGapMs;
  figures.healthAnswers = polled.answers;
  if (b.status !== 0) throw new Error(`backup failed: ${b.stderr || b.stdout}`);
  process.stdout.write(b.stdout);
  const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
  figures.databaseMB = +(manifest.database.bytes / 1024 / 1024).toFixed(2);
  figures.databaseDumpMs = manifest.database.ms;
  figures.files = manifest.files.count;
  figures.filesKB = Math.round(manifest.files.bytes / 1024);
  // The dump alone (the backup command also signs in, and a sign-in's bcrypt holds the event loop ~0.1 s
  // by itself): the admin asks for it here, the poller asking /health all the while.
  const admin = await login(first.url, 'admin@oyster.test');
  const dumpPoll = answerGaps(first.url);
  await bytesOf(first.url, admin, '/api/v2/system/backup/database');
  figures.healthMaxGapDumpMs = (await dumpPoll()).maxGapMs;
  // A write after the backup: it must not be in the restored copy.
  await api(first.url, agent, 'POST', `/api/v2/chats/${chatId}/messages`, { text: 'после копии', clientKey: `drill-after-${randomBytes(4).toString('hex')}` });
  await first.stop();
  first = null;

  // Restore into a new folder and start there.
  const dataB = path.join(work, 'b', 'pglite');
  t = Date.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/restore.mjs'), backupDir, '--data-dir', dataB], { encoding: 'utf8', timeout: 180_000 });
  figures.restoreMs = Date.now() - t;
  if (r.status !== 0) throw new Error(`restore failed: ${r.stderr || r.stdout}`);
  process.stdout.write(r.stdout);
  t = Date.now();
  second = await startDemoServer({ port, dataDir: dataB, waitMs: 420_000, env: { MEDIA_DIR: path.join(work, 'b', 'no-media') } });
  figures.restoredStartMs = Date.now() - t;
  const after = await snapshot(second.url, ids);
  const same = JSON.stringify(after) === JSON.stringify(before);
  const agentB = await login(second.url, 'agent@oyster.test');
  const texts = JSON.stringify((await api(second.url, agentB, 'GET', `/api/v2/chats/${chatId}/messages`)).data);
  const laterWriteAbsent = !texts.includes('после копии');
  console.log('before:', JSON.stringify(before));
  console.log('after: ', JSON.stringify(after));
  console.log(`same data and file bytes after restore: ${same ? 'yes' : 'NO'}; the write after the backup absent: ${laterWriteAbsent ? 'yes' : 'NO'}`);
  failed = !same || !laterWriteAbsent;
} catch (e) {
  console.error(`backup drill: ${e.stack ?? e}`);
  failed = true;
} finally {
  await first?.stop();
  await second?.stop();
  fs.rmSync(work, { recursive: true, force: true });
  clearTimeout(deadline);
}
console.log(`figures: ${JSON.stringify(figures)}`);
console.log(`load: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
console.log(failed ? 'backup drill: FAILED' : 'backup drill: passed');
process.exit(failed ? 1 : 0);
