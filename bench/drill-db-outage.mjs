/**
 * Drill (issue 27): PostgreSQL unavailable for 10 s under load. The api reaches its database through a
 * proxy this script cuts: every open connection closed, new ones refused — as a server that restarts or a
 * network that drops does. Agents keep reading and writing chat messages (each with its clientKey, as
 * the shell sends them) before, during and after.
 *
 * What must hold: a call in the window gets 503 «Сервис временно недоступен…» (never a 500, never a hang
 * past the client's 30 s timeout); the api answers again by itself once the database is back; nothing is
 * half-written: every message a client was told was written is there once, and the ones refused, sent
 * again with the same key after the window (as the shell retries), are there once too.
 *
 * Usage: node bench/drill-db-outage.mjs [--short] [--outage-s 10] [--workers 4] [--keep]
 *   needs a build (node scripts/build.mjs) and PostgreSQL (DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/test): it makes a database of its own and drops it at the end.
 */
import { freePort, psql, startDemoServer } from './lib.mjs';
import { chatMessagesAfter, cuttableProxy, fmt, printPhases, signIn, sleep, tally, timedCall } from './drill-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SHORT = argv.includes('--short');
const OUTAGE_MS = (Number(arg('--outage-s')) || 10) * 1000;
const BEFORE_MS = SHORT ? 5_000 : 15_000;
const AFTER_MS = SHORT ? 10_000 : 20_000;
const WORKERS = Number(arg('--workers')) || 4;
const CLIENT_TIMEOUT_MS = 30_000;
const RECOVERY_LIMIT_MS = 10_000;
const UNAVAILABLE = 'Сервис временно недоступен. Повторите попытку через минуту';

const baseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const dbName = `oyster_drill_${Date.now()}`;
psql(baseUrl.toString(), `CREATE DATABASE ${dbName}`);
const proxy = await cuttableProxy({ host: baseUrl.hostname, port: Number(baseUrl.port || 5432) });
const viaProxy = new URL(baseUrl);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(proxy.port);
viaProxy.pathname = `/${dbName}`;

const problems = [];
let server;
try {
  const started = performance.now();
  server = await startDemoServer({ port: await freePort(), env: { DATABASE_URL: viaProxy.toString(), SEED_DEMO: '1', DEMO_INSURER_DELAY_MS: '0' } });
  console.log(`api on PostgreSQL through the proxy, demo data seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { url } = server;
  const token = await signIn(url, 'agent@oyster.test');
  const support = await timedCall(url, token, 'GET', '/api/v2/chats/support');
  const chatId = support.body?.data?._id;
  if (!chatId) throw new Error(`no support chat: ${JSON.stringify(support.body).slice(0, 200)}`);

  // The timeline: before → the database cut for OUTAGE_MS → after.
  const t0 = performance.now();
  let phase = 'before';
  let restoredAt = 0;
  const results = [];
  const toResend = [];
  const confirmed = new Set();
  let n = 0;
  let running = true;
  const worker = async (w) => {
    while (running) {
      const i = n++;
      const at = performance.now() - t0;
      const p = phase;
      let r;
      if (i % 2 === 0) {
        r = await timedCall(url, token, 'GET', '/api/v2/notifications/count-not-read', undefined, CLIENT_TIMEOUT_MS);
        results.push({ ...r, phase: p, at, kind: 'read' });
      } else {
        const text = `drill ${dbName} ${w}-${i}`;
        const clientKey = `drill-${w}-${i}`;
        r = await timedCall(url, token, 'POST', `/api/v2/chats/${chatId}/messages`, { text, clientKey }, CLIENT_TIMEOUT_MS);
        results.push({ ...r, phase: p, at, kind: 'write' });
        if (r.status === 200) confirmed.add(text);
        else toResend.push({ text, clientKey });
      }
      if (r.status === 503) await sleep(100); // a client told «try later» does not hammer
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  await sleep(BEFORE_MS);
  phase = 'outage';
  const cutAt = performance.now() - t0;
  await proxy.cut();
  await sleep(OUTAGE_MS);
  await proxy.restore();
  restoredAt = performance.now() - t0;
  phase = 'after';
  await sleep(AFTER_MS);
  running = false;
  await Promise.all(workers);

  // What a client does with a refused message: sends it again with the same key.
  const resendResults = [];
  for (const m of toResend) {
    const r = await timedCall(url, token, 'POST', `/api/v2/chats/${chatId}/messages`, m, CLIENT_TIMEOUT_MS);
    resendResults.push(r);
    if (r.status === 200) confirmed.add(m.text);
  }

  // Every message once: read the whole chat.
  const seen = new Map();
  for (const m of (await chatMessagesAfter(url, token, chatId)).items) if (m.text?.startsWith(`drill ${dbName}`)) seen.set(m.text, (seen.get(m.text) ?? 0) + 1);
  const missing = [...confirmed].filter((t) => !seen.has(t));
  const doubled = [...seen].filter(([, c]) => c > 1);
  const unconfirmedWritten = [...seen.keys()].filter((t) => !confirmed.has(t));

  // Figures.
  const byPhase = (p) => results.filter((r) => r.phase === p);
  const firstOkAfter = results.filter((r) => r.at >= restoredAt && r.status === 200).sort((a, b) => a.at - b.at)[0];
  const recoveryMs = firstOkAfter ? firstOkAfter.at + firstOkAfter.ms - restoredAt : Infinity;
  console.log(`\nPostgreSQL cut at ${(cutAt / 1000).toFixed(1)} s for ${OUTAGE_MS / 1000} s, ${WORKERS} clients, ${results.length} calls`);
  printPhases(results, ['before', 'outage', 'after']);
  console.log(`first answer 200 after the database came back: ${fmt(recoveryMs)} (limit ${RECOVERY_LIMIT_MS / 1000} s)`);
  console.log(`messages: ${confirmed.size} confirmed (${resendResults.filter((r) => r.status === 200).length} of ${toResend.length} refused ones sent again with their key), ${seen.size} in the chat, ${missing.length} missing, ${doubled.length} doubled, ${unconfirmedWritten.length} written without a confirmation`);

  const all = [...results, ...resendResults];
  const fives = all.filter((r) => r.status >= 500 && r.status !== 503);
  const hung = all.filter((r) => r.status === 0);
  const wrongText = all.filter((r) => r.status === 503 && r.body?.message !== UNAVAILABLE);
  if (fives.length) problems.push(`${fives.length} answers 5xx other than 503: ${JSON.stringify(tally(fives))}`);
  if (hung.length) problems.push(`${hung.length} calls got no answer (${JSON.stringify(tally(hung))})`);
  if (wrongText.length) problems.push(`${wrongText.length} answers 503 without «${UNAVAILABLE}»`);
  if (!byPhase('outage').some((r) => r.status === 503)) problems.push('no call in the window got 503: was the database cut?');
  if (!(recoveryMs <= RECOVERY_LIMIT_MS)) problems.push(`no answer 200 within ${RECOVERY_LIMIT_MS / 1000} s of the database coming back`);
  if (missing.length) problems.push(`${missing.length} confirmed messages missing`);
  if (doubled.length) problems.push(`${doubled.length} messages written twice`);
  if (resendResults.some((r) => r.status !== 200)) problems.push('a refused message sent again after the window was refused again');
} catch (e) {
  problems.push(`the drill stopped: ${e.message}`);
} finally {
  await proxy.restore().catch(() => undefined);
  if (server) await server.stop();
  await proxy.close();
  if (!argv.includes('--keep')) psql(baseUrl.toString(), `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
if (problems.length) {
  console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nheld: 503 in the window, back by itself, every message once');
