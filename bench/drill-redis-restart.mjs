/**
 * Drill (issue 27): Redis restarted under load. Two api nodes on one PostgreSQL database and one
 * redis-server of the drill's own. Agents write chat messages through node A (each with its clientKey, as
 * the shell sends them) and read their counters through node B; each agent's chat is read live by sockets
 * on node B, so every message crosses from A to B through Redis. Mid-load the redis-server gets SIGKILL and
 * is started again on the same port after a few seconds.
 *
 * What must hold: the api keeps answering while Redis is away (no 5xx, no call left without an answer,
 * sign-ins too); cross-node events resume by themselves once Redis is back (a message sent on A after the
 * restart reaches a socket on B live, without restarting the api); what the sockets on B missed meanwhile
 * is caught up by the clients' own catch-up (node B closes its sockets as lost once Redis is back; each
 * reconnects and reads after its last message): every reader ends with every confirmed message, and the
 * chat has each message once.
 *
 * Usage: node bench/drill-redis-restart.mjs [--short] [--away-s 8] [--agents 4] [--keep]
 *   needs a build (node scripts/build.mjs), redis-server and PostgreSQL (DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/test: a database of its own, dropped at the end).
 */
import { freePort, psql, startDemoServer } from './lib.mjs';
import { chatMessagesAfter, fmt, openSocket, percentile, printPhases, signIn, sleep, startRedisServer, tally, timedCall } from './drill-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SHORT = argv.includes('--short');
const AWAY_MS = (Number(arg('--away-s')) || (SHORT ? 5 : 10)) * 1000;
const BEFORE_MS = SHORT ? 5_000 : 20_000;
const AFTER_MS = SHORT ? 10_000 : 30_000;
const AGENT_EMAILS = ['agent@oyster.test', 'newagent@oyster.test', 'owner@oyster.test', 'subagent@oyster.test', 'broker@oyster.test'].slice(0, Number(arg('--agents')) || (SHORT ? 3 : 5));
const SOCKETS_PER_AGENT = 2;
const CLIENT_TIMEOUT_MS = 30_000;
/** Limits: a live event across the nodes again this soon after Redis is back; the readers caught up this soon after the load. */
const RESUME_LIMIT_MS = 10_000;
const CATCH_UP_LIMIT_MS = 15_000;

const problems = [];
const baseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const dbName = `oyster_redis_${Date.now()}`;
psql(baseUrl.toString(), `CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const redisPort = await freePort();

let redis = await startRedisServer(redisPort);
const nodes = [];
const sockets = [];
try {
  // The agents sign in again every 20th round, more than the per-minute sign-in limits allow (answered 429).
  const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redisPort}`, DEMO_INSURER_DELAY_MS: '0', LOGIN_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT_ADDRESS: '1000' };
  const began = performance.now();
  nodes.push(await startDemoServer({ port: await freePort(), env: { ...env, SEED_DEMO: '1' } }));
  nodes.push(await startDemoServer({ port: await freePort(), env: { ...env, SEED_DEMO: '0' } }));
  const [urlA, urlB] = nodes.map((n) => n.url);
  console.log(`two api nodes on PostgreSQL and a redis-server of the drill's own, up in ${((performance.now() - began) / 1000).toFixed(1)} s`);

  const t0 = performance.now();
  let phase = 'before';
  let restartAt = Infinity;
  const agents = [];
  for (const email of AGENT_EMAILS) {
    const token = await signIn(urlA, email);
    const support = await timedCall(urlA, token, 'GET', '/api/v2/chats/support');
    const chatId = support.body?.data?._id;
    if (!chatId) throw new Error(`${email}: no support chat (${support.status})`);
    const readers = [];
    for (let i = 0; i < SOCKETS_PER_AGENT; i++) {
      const r = { got: new Set(), lastSeq: 0, lostAt: 0, drops: 0, refused: 0, reconnects: [], firstLiveAfterRestart: Infinity, events: [] };
      const s = openSocket(urlB, token);
      const note = (what) => r.events.push(`${fmt(performance.now() - t0)} ${what}`);
      // As the shell's chat does (useChat): read what came after the last seq seen; a refused read is asked
      // again while the socket stays (1 s, then twice as long), a new loss starts a new round.
      const catchUp = async (round, delayMs = 1_000) => {
        const after = r.lastSeq;
        const { items, ok, status, error } = await chatMessagesAfter(urlB, token, chatId, after);
        for (const m of items) {
          r.got.add(m.text);
          r.lastSeq = Math.max(r.lastSeq, Number(m.seq));
        }
        note(`${ok ? 'caught up' : `catch-up refused (${status} ${error ?? ''})`} after seq ${after}: ${items.length} messages, up to seq ${r.lastSeq}`);
        if (ok) return;
        r.refused++;
        if (round === r.drops && s.connected) setTimeout(() => void catchUp(round, Math.min(delayMs * 2, 30_000)), delayMs).unref();
      };
      s.on('chat_message', (e) => {
        if (e.chatId !== chatId) return;
        r.got.add(e.message.text);
        if (restartAt - 1_000 < performance.now() - t0) note(`live seq ${e.message.seq} «${e.message.text.replace(`drill ${dbName} `, '')}»`);
        r.lastSeq = Math.max(r.lastSeq, Number(e.message.seq) || 0);
        // A message written after Redis came back, heard live: the nodes hear each other again.
        if (e.message.text?.endsWith(' after')) r.firstLiveAfterRestart = Math.min(r.firstLiveAfterRestart, performance.now() - t0);
      });
      s.on('disconnect', (reason) => {
        note(`disconnected (${reason})`);
        r.drops++;
        r.lostAt = performance.now();
      });
      // Back from away: the catch-up.
      s.on('connect', () => {
        if (!r.lostAt) return;
        r.reconnects.push(performance.now() - r.lostAt);
        note('reconnected');
        r.lostAt = 0;
        void catchUp(r.drops);
      });
      sockets.push(s);
      readers.push(r);
    }
    agents.push({ email, token, chatId, readers, confirmed: new Set() });
  }
  await sleep(1_000);
  if (sockets.some((s) => !s.connected)) throw new Error(`${sockets.filter((s) => !s.connected).length} sockets did not connect`);
  console.log(`${agents.length} agents writing through node A, ${sockets.length} sockets reading on node B`);

  // The load: each agent writes a message on A, reads its counter on B; a sign-in on A every 20th round.
  const results = [];
  let running = true;
  const worker = async (agent, w) => {
    for (let i = 0; running; i++) {
      const p = phase;
      const at = performance.now() - t0;
      const text = `drill ${dbName} ${w}-${i} ${p}`;
      const write = await timedCall(urlA, agent.token, 'POST', `/api/v2/chats/${agent.chatId}/messages`, { text, clientKey: `redis-drill-${w}-${i}` }, CLIENT_TIMEOUT_MS);
      results.push({ ...write, phase: p, at, kind: 'write' });
      if (write.status === 200) agent.confirmed.add(text);
      const read = await timedCall(urlB, agent.token, 'GET', '/api/v2/notifications/count-not-read', undefined, CLIENT_TIMEOUT_MS);
      results.push({ ...read, phase: p, at, kind: 'read' });
      if (i % 20 === 0) {
        const began = performance.now();
        const r = await fetch(`${urlA}/api/v2/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: agent.email, password: 'Oyster2026!', rememberMe: false }),
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        }).then((x) => ({ status: x.status }), (e) => ({ status: 0, error: e.name }));
        results.push({ ...r, ms: performance.now() - began, phase: p, at, kind: 'sign-in' });
      }
      await sleep(50);
    }
  };
  const workers = agents.map((a, w) => worker(a, w));
  await sleep(BEFORE_MS);
  phase = 'away';
  const killAt = performance.now() - t0;
  await redis.kill();
  await sleep(AWAY_MS);
  redis = await startRedisServer(redisPort);
  restartAt = performance.now() - t0;
  phase = 'after';
  await sleep(AFTER_MS);
  running = false;
  await Promise.all(workers);

  // The readers: connected again and caught up (their catch-up runs on reconnect), within the limit.
  const readers = agents.flatMap((a) => a.readers.map((r) => ({ a, r })));
  const caughtUp = () => readers.every(({ a, r }) => [...a.confirmed].every((t) => r.got.has(t)));
  const waitFrom = performance.now();
  while (!caughtUp() && performance.now() - waitFrom < CATCH_UP_LIMIT_MS) await sleep(100);
  const catchUpMs = performance.now() - waitFrom;

  // The chat, read whole: each message once.
  const doubled = [];
  const missing = [];
  for (const a of agents) {
    const seen = new Map();
    for (const m of (await chatMessagesAfter(urlA, a.token, a.chatId)).items) if (m.text?.startsWith(`drill ${dbName}`)) seen.set(m.text, (seen.get(m.text) ?? 0) + 1);
    missing.push(...[...a.confirmed].filter((t) => !seen.has(t)));
    doubled.push(...[...seen].filter(([, c]) => c > 1).map(([t]) => t));
  }

  // Figures.
  const byPhase = (p) => results.filter((r) => r.phase === p);
  console.log(`\nRedis killed at ${(killAt / 1000).toFixed(1)} s, started again ${(AWAY_MS / 1000).toFixed(0)} s later; ${results.length} calls`);
  printPhases(results, ['before', 'away', 'after']);
  const signIns = byPhase('away').filter((r) => r.kind === 'sign-in');
  const resumeMs = Math.min(...readers.map(({ r }) => r.firstLiveAfterRestart)) - restartAt;
  const reconnects = readers.flatMap(({ r }) => r.reconnects);
  const confirmed = agents.reduce((n, a) => n + a.confirmed.size, 0);
  const writtenAway = agents.reduce((n, a) => n + [...a.confirmed].filter((t) => t.endsWith(' away')).length, 0);
  console.log(`sign-ins while Redis was away: ${signIns.length}, ${JSON.stringify(tally(signIns))}, max ${fmt(Math.max(...signIns.map((r) => r.ms)))}`);
  console.log(`first message from A heard live on B after the restart: ${fmt(resumeMs)} after it (limit ${RESUME_LIMIT_MS / 1000} s)`);
  console.log(`sockets on B closed as lost once Redis was back: ${readers.filter(({ r }) => r.drops > 0).length} of ${readers.length}; reconnected in p50 ${fmt(percentile(reconnects, 50))}, p100 ${fmt(Math.max(...reconnects))}; catch-up reads refused (and asked again): ${readers.reduce((n, { r }) => n + r.refused, 0)}`);
  console.log(`messages: ${confirmed} confirmed (${writtenAway} while Redis was away), ${missing.length} missing from the chat, ${doubled.length} doubled; every reader had every one ${caughtUp() ? `${fmt(catchUpMs)} after the load` : `NOT within ${CATCH_UP_LIMIT_MS / 1000} s`}`);

  const fives = results.filter((r) => r.status >= 500);
  const hung = results.filter((r) => r.status === 0);
  if (fives.length) problems.push(`${fives.length} answers 5xx: ${JSON.stringify(tally(fives))}`);
  if (hung.length) problems.push(`${hung.length} calls got no answer (${JSON.stringify(tally(hung))})`);
  if (!signIns.length || signIns.some((r) => r.status !== 200)) problems.push(`sign-ins while Redis was away: ${JSON.stringify(tally(signIns))}`);
  if (!writtenAway) problems.push('no message was written while Redis was away: was it killed?');
  if (!(resumeMs <= RESUME_LIMIT_MS)) problems.push(`no message from A heard live on B within ${RESUME_LIMIT_MS / 1000} s of Redis coming back`);
  if (!caughtUp()) {
    const behind = readers.filter(({ a, r }) => [...a.confirmed].some((t) => !r.got.has(t))).length;
    problems.push(`${behind} of ${readers.length} readers did not catch up on every message within ${CATCH_UP_LIMIT_MS / 1000} s`);
    // What a reader lacked, and what it went through around the restart: the way to tell why.
    for (const a of agents) {
      const seqOf = new Map((await chatMessagesAfter(urlA, a.token, a.chatId)).items.map((m) => [m.text, m.seq]));
      a.readers.forEach((r, i) => {
        const lacked = [...a.confirmed].filter((t) => !r.got.has(t));
        if (!lacked.length) return;
        console.log(`\n${a.email} reader ${i + 1} lacked ${lacked.map((t) => `seq ${seqOf.get(t)} «${t.replace(`drill ${dbName} `, '')}»`).join(', ')}; Redis back at ${fmt(restartAt)}:\n  ${r.events.slice(0, 30).join('\n  ')}`);
      });
    }
  }
  if (missing.length) problems.push(`${missing.length} confirmed messages missing from the chat`);
  if (doubled.length) problems.push(`${doubled.length} messages in the chat twice`);
} catch (e) {
  problems.push(`the drill stopped: ${e.message}`);
} finally {
  sockets.forEach((s) => s.close());
  for (const n of nodes) await n.stop();
  await redis.kill();
  if (!argv.includes('--keep')) psql(baseUrl.toString(), `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
if (problems.length) {
  console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nheld: the api answered while Redis was away, the nodes heard each other again by themselves, every reader caught up, every message once');
