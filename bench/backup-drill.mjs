// Backup drill (issue 27, «Files and data a broker can keep»): `node bench/backup-drill.mjs [--port 8250]`
// 1. starts the product (api/dist/server.mjs) on a fresh DATA_DIR with the demo seed;
// 2. makes changes through the api: the agent sends a chat file and creates a contract with a scan;
// 3. backs it up WHILE IT RUNS (scripts/backup.mjs --url, as the admin);
// 4. restores the backup into a new folder (scripts/restore.mjs) and starts the product there;
// 5. checks the same rows (the chat message, the contract, its file list) and the same file bytes come back.
// Prints the backup's size and the times. Bounded: every wait has a limit; stops both servers and
// removes its folders by itself. Needs `node api/build.mjs` (or scripts/build.mjs) first.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_SERVER, ROOT, startDemoServer } from './lib.mjs';

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
  };
}

const figures = {};
let first = null;
let second = null;
let failed = false;
try {
  const dataA = path.join(work, 'a', 'pglite');
  fs.mkdirSync(path.dirname(dataA), { recursive: true });
  let t = Date.now();
  first = await startDemoServer({ port, dataDir: dataA, env: { DEMO_INSURER_DELAY_MS: '0' }, waitMs: 420_000 });
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
  const ids = { chatId, messageId: message._id, chatFileId: message.file._id, contractId: contract.id, contractFileId: files[0]._id };
  const before = await snapshot(first.url, ids);
  if (before.chatFile !== sha(chatPdf) || before.contractFile !== sha(scan)) throw new Error('the files read back differ before the backup');

  // Backup while it runs.
  const backupDir = path.join(work, 'backup');
  t = Date.now();
  const b = spawnSync(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), backupDir, '--url', first.url, '--data-dir', dataA], {
    env: { ...process.env, BACKUP_EMAIL: 'admin@oyster.test', BACKUP_PASSWORD: PASSWORD },
    encoding: 'utf8',
    timeout: 180_000,
  });
  figures.backupMs = Date.now() - t;
  if (b.status !== 0) throw new Error(`backup failed: ${b.stderr || b.stdout}`);
  process.stdout.write(b.stdout);
  const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
  figures.databaseMB = +(manifest.database.bytes / 1024 / 1024).toFixed(2);
  figures.databaseDumpMs = manifest.database.ms;
  figures.files = manifest.files.count;
  figures.filesKB = Math.round(manifest.files.bytes / 1024);
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
  second = await startDemoServer({ port, dataDir: dataB, waitMs: 420_000 });
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
console.log(failed ? 'backup drill: FAILED' : 'backup drill: passed');
process.exit(failed ? 1 : 0);
