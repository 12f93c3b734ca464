/**
 * Drill (issue 27): sockets. One api node (the built product, PGlite, demo data) holds 10,000 signed-in
 * sockets opened by a load client in this script (child processes, each holding a share). A copywriter
 * invites the agents to a webinar (POST /api/v2/webinars/:id/announce, the call the «Пригласить агентов»
 * button makes): the toast `webinar-notification` must reach every socket with p99 ≤ 250 ms, timed from the
 * call to each socket's receipt (one machine, one clock). The node's memory per socket: its VmRSS before the
 * sockets and with them open, over their count.
 *
 * The load client shares the node's two cores, so what it spends is measured too. By default it is lean:
 * the socket.io protocol over a bare WebSocket (the handshake with the token, ping/pong, `42[event, …]`; a
 * browser holds one socket, not 2,500), and the node is pinned to the first CPU and the load client to the
 * others (taskset), as if each had a machine of its own. `--client socket.io` holds them with the shell's
 * socket.io-client instead; `--no-pin` shares every core. The floor: the same holders on plain TCP, a
 * bare node:net server writing a frame of the toast's size to each connection in one loop (pinned alike) —
 * what this machine's loopback costs for 10,000 writes, built in the same run; the broadcast is printed
 * against it.
 *
 * Then two nodes with Redis (a redis-server of the drill's own on a free port, a PostgreSQL database of
 * its own, dropped at the end), the sockets split over both (socket.io-client: they must reconnect by
 * themselves): an agent whose socket is on node A writes in the support chat through node A (POST
 * /api/v2/chats/:id/messages); the manager reading it has a socket on node B: `chat_message` must arrive
 * with p99 ≤ 100 ms. Then Redis is killed and started again: each node closes its sockets once Redis is
 * back (so their clients catch up, app.ts), and all 10,000 reconnect at once — every one must be back
 * within 30 s, and a chat message must cross the nodes again.
 *
 * Sessions: the 13 demo agents not blocked (agent1…agent14@oyster.test but the blocked agent12) are signed
 * in once each and their tokens shared by the sockets (about 770 sockets a session at 10,000): the api has
 * no per-user or per-session socket limit (platform/realtime.ts limits events per socket, not sockets).
 * agent@ (the chat's writer) and manager@ (its reader) are kept out of the load.
 *
 * Usage: node bench/drill-sockets.mjs [--short] [--sockets 10000] [--holders 4] [--rounds 5] [--messages 200]
 *        [--client lean|socket.io] [--no-pin] [--keep]
 *   needs a build (node api/build.mjs), PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *   and redis-server on the PATH. --short: 1,000 sockets, 2 broadcasts, 40 messages, the same limits.
 */
import { fork, spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, psql, ROOT, startDemoServer, waitFor } from './lib.mjs';
import { fmt, openSocket, percentile, signIn, sleep, startRedisServer, timedCall } from './drill-lib.mjs';

const SELF = fileURLToPath(import.meta.url);
/** CLOCK_MONOTONIC in ms: one clock for the drill and its holders (each process's own timeOrigin would add its error). */
const now = () => Number(process.hrtime.bigint()) / 1e6;

// ───────────────────────── a holder: a child process keeping its share of the sockets ─────────────────────────

let WebSocket = null;
/**
 * The lean load client: socket.io's protocol (engine.io 4) over a bare WebSocket — the open packet, the
 * namespace connect with the token, pong to each ping, `42[event, payload]` parsed only for the events
 * listened to — without socket.io-client's parser, emitters and timers. It does not reconnect.
 */
function leanSocket(url, token) {
  // ws as socket.io-client's engine.io-client has it (the same WebSocket the shell's client uses in node).
  WebSocket ??= createRequire(createRequire(createRequire(path.join(ROOT, 'shell/package.json')).resolve('socket.io-client')).resolve('engine.io-client'))('ws');
  const s = Object.assign(new EventEmitter(), { connected: false, close: () => ws.close() });
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  ws.on('message', (buf) => {
    const m = buf.toString();
    if (m === '2') return ws.send('3');
    if (m[0] === '0') return ws.send(`40${JSON.stringify({ token })}`);
    if (m.startsWith('40')) return (s.connected = true), s.emit('connect');
    if (m.startsWith('44')) return s.emit('connect_error', new Error(JSON.parse(m.slice(2)).message ?? m));
    if (m.startsWith('42')) {
      const event = m.slice(4, m.indexOf('"', 4));
      if (s.listenerCount(event)) s.emit(event, JSON.parse(m.slice(2))[1]);
    }
  });
  ws.on('close', () => (s.connected = false));
  ws.on('error', (err) => s.emit('connect_error', err));
  return s;
}

/** The floor's client: a plain TCP connection; what arrives is handed on as text (event 'raw'). */
function rawSocket(url) {
  const c = net.connect(Number(new URL(url).port), '127.0.0.1');
  const s = Object.assign(new EventEmitter(), { connected: false, close: () => c.destroy() });
  c.once('connect', () => ((s.connected = true), s.emit('connect')));
  c.on('data', (d) => s.emit('raw', d.toString('latin1')));
  c.on('error', (err) => s.emit('connect_error', err));
  c.on('close', () => (s.connected = false));
  return s;
}

const CLIENTS = { lean: leanSocket, 'socket.io': openSocket, raw: (url) => rawSocket(url) };

function holder() {
  // A Ctrl-C (or `timeout`) reaches the whole process group: the drill's own cleanup closes the holders.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  process.on('disconnect', () => process.exit(0));
  let sockets = [];
  let armed = null; // { event, kind, key, at: Map<index, epoch ms> }
  let connects = 0; // connections made, first ones and again after a drop
  let backAt = []; // when each socket connected again after the first time (epoch ms)
  let lateErrors = {}; // why connecting again failed, by message
  const matches = (kind, key, payload) =>
    kind === 'webinar' ? payload?._id === key : kind === 'raw' ? payload.includes(key) : payload?.message?.text === key;
  process.on('message', async (m) => {
    if (m.type === 'open') {
      const { url, tokens, count, events, window: win, client, options } = m;
      let connected = 0;
      const errors = {};
      let next = 0;
      const openOne = (i) =>
        new Promise((resolve) => {
          const s = CLIENTS[client](url, tokens[i % tokens.length], options);
          const idx = sockets.push(s) - 1;
          for (const e of events) s.on(e, (p) => {
            if (armed && armed.event === e && !armed.at.has(idx) && matches(armed.kind, armed.key, p)) {
              armed.at.set(idx, now());
              armed.size ??= typeof p === 'string' ? p.length : JSON.stringify(p).length;
            }
          });
          let first = true;
          s.on('connect', () => {
            connects++;
            if (!first) backAt.push(now());
            first = false;
          });
          s.on('connect_error', (err) => {
            if (!first) lateErrors[err.message] = (lateErrors[err.message] ?? 0) + 1;
          });
          s.once('connect', () => (connected++, resolve()));
          s.once('connect_error', (err) => {
            errors[err.message] = (errors[err.message] ?? 0) + 1;
            resolve();
          });
        });
      await Promise.all(Array.from({ length: Math.min(win, count) }, async () => {
        while (next < count) await openOne(next++);
      }));
      process.send({ type: 'opened', connected, errors });
    } else if (m.type === 'arm') {
      armed = { event: m.event, kind: m.kind, key: m.key, at: new Map() };
      backAt = [];
      process.send({ type: 'armed' });
    } else if (m.type === 'collect') {
      process.send({ type: 'got', times: [...(armed?.at.values() ?? [])], size: armed?.size, connected: sockets.filter((s) => s.connected).length, connects, backAt, lateErrors });
    } else if (m.type === 'close') {
      for (const s of sockets) s.close();
      sockets = [];
      armed = null;
      connects = 0;
      backAt = [];
      lateErrors = {};
      process.send({ type: 'closed' });
    }
  });
}

/**
 * The floor's server: a bare node:net server; on `send` it writes one frame of the given size (the key at
 * its start) to every connection in one loop, as socket.io's broadcast does, and answers.
 */
function rawServer() {
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  process.on('disconnect', () => process.exit(0));
  const conns = new Set();
  const srv = net.createServer((c) => {
    c.setNoDelay(true); // as ws sets it
    conns.add(c);
    c.on('error', () => undefined);
    c.on('close', () => conns.delete(c));
  });
  srv.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: srv.address().port }));
  process.on('message', (m) => {
    if (m.type === 'count') return process.send({ type: 'count', accepted: conns.size });
    if (m.type !== 'send') return;
    const frame = Buffer.alloc(Math.max(m.size, m.key.length), 0x20);
    frame.write(m.key, 'latin1');
    for (const c of conns) c.write(frame);
    process.send({ type: 'sent' });
  });
}

// ───────────────────────── the drill ─────────────────────────

let watchdog, server, nodes, redis, dbMade = false, baseUrl, dbName;
const problems = [];
const cleanups = [];
const argv = process.argv.slice(2);
const BROADCAST_P99_MS = 250;
const CHAT_P99_MS = 100;
const REDIS_AWAY_MS = 2_000;
/** All sockets back within: the shell's longest wait between attempts (30 s) and then some. */
const RECONNECT_BOUND_MS = 60_000;
/** The shell's socket reconnect delays (shared-kit/src/domain/constants.ts), read from the one place they are set. */
const SHELL_RECONNECT = (() => {
  const src = fs.readFileSync(path.join(ROOT, 'shared-kit/src/domain/constants.ts'), 'utf8');
  const read = (name) => Number(new RegExp(`export const ${name} = ([\\d_]+);`).exec(src)?.[1].replaceAll('_', ''));
  const delays = { reconnectionDelay: read('SOCKET_RECONNECT_DELAY_MS'), reconnectionDelayMax: read('SOCKET_RECONNECT_DELAY_MAX_MS') };
  if (!(delays.reconnectionDelay > 0 && delays.reconnectionDelayMax > 0)) throw new Error('shared-kit/src/domain/constants.ts: the socket reconnect delays were not found');
  return delays;
})();

async function main() {
  const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const SHORT = argv.includes('--short');
  const SOCKETS = Number(arg('--sockets')) || (SHORT ? 1_000 : 10_000);
  const HOLDERS = Number(arg('--holders')) || Math.min(4, Math.ceil(SOCKETS / 2_500));
  const ROUNDS = Number(arg('--rounds')) || (SHORT ? 2 : 5);
  const MESSAGES = Number(arg('--messages')) || (SHORT ? 40 : 200);
  const CLIENT = arg('--client') ?? 'lean';
  if (!['lean', 'socket.io'].includes(CLIENT)) throw new Error(`--client: lean or socket.io, not ${CLIENT}`);
  const CPUS = os.availableParallelism();
  const PIN = !argv.includes('--no-pin') && CPUS >= 2 && spawnSync('sh', ['-c', 'command -v taskset']).status === 0;
  /** Binds every thread of a process to `cpus` (taskset's list: '0', '1-3'). */
  const pin = (pid, cpus) => spawnSync('taskset', ['-acp', cpus, String(pid)], { stdio: 'ignore' });
  const RECEIPT_WAIT_MS = 10_000;
  const LOAD_AGENTS = Array.from({ length: 14 }, (_, i) => `agent${i + 1}@oyster.test`).filter((e) => e !== 'agent12@oyster.test');

  // Each process needs a descriptor a socket (the api holds all of one node's): raise the soft limit up to
  // the hard one by running again under `sh -c 'ulimit -n …'` when it is short.
  const fdLimit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || 0;
  if (fdLimit < SOCKETS + 1_000 && !process.env.OYSTER_ULIMIT_RAISED) {
    const r = spawnSync('sh', ['-c', `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`, process.execPath, SELF, ...argv], {
      stdio: 'inherit',
      env: { ...process.env, OYSTER_ULIMIT_RAISED: '1' },
    });
    process.exit(r.status ?? 1);
  }

  const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const describe = (list) => `first ${fmt(Math.min(...list))}, p50 ${fmt(percentile(list, 50))}, p95 ${fmt(percentile(list, 95))}, p99 ${fmt(percentile(list, 99))}, max ${fmt(Math.max(...list))}`;
  const ok = async (p) => {
    const r = await p;
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body ?? r.error).slice(0, 300)}`);
    return r.body.data;
  };

  /**
   * The load client: HOLDERS child processes (pinned to `cpus` when given). open() spreads `count` sockets
   * over them; a holder that dies fails the drill at once instead of leaving it waiting.
   */
  function startHolders(cpus) {
    const holders = Array.from({ length: HOLDERS }, () => {
      const child = fork(SELF, [], { env: { ...process.env, OYSTER_SOCKET_HOLDER: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      if (cpus) pin(child.pid, cpus);
      const waiters = [];
      const gone = { times: [], connected: 0, connects: 0, backAt: [], errors: { 'holder exited': 1 } };
      child.on('message', (m) => waiters.shift()?.(m));
      child.on('error', () => undefined);
      child.on('exit', (code, signal) => {
        if (!stopping) problems.push(`a load holder exited (${signal ?? code})`);
        while (waiters.length) waiters.shift()(gone);
      });
      const ask = (m) =>
        new Promise((resolve) => {
          if (!child.connected) return resolve(gone);
          waiters.push(resolve);
          child.send(m, (err) => err && resolve(gone));
        });
      return { child, ask };
    });
    let stopping = false;
    let stopped = null;
    const stop = () =>
      (stopped ??= ((stopping = true), Promise.all(holders.map((h) => Promise.race([h.ask({ type: 'close' }), sleep(5_000)]))).then(() => holders.forEach((h) => h.child.kill()))));
    cleanups.push(stop);
    const collect = () => Promise.all(holders.map((h) => h.ask({ type: 'collect' })));
    /** Opens `count` sockets with `client`, the i-th holder's to `urls[i % urls.length]`; returns how many connected. */
    const open = async (urls, tokens, count, events, client, options = {}) => {
      const began = performance.now();
      const opened = await Promise.all(
        holders.map((h, i) => {
          const share = Math.floor(count / HOLDERS) + (i < count % HOLDERS ? 1 : 0);
          return h.ask({ type: 'open', url: urls[i % urls.length], tokens, count: share, events, window: 50, client, options });
        }),
      );
      const connected = opened.reduce((n, o) => n + o.connected, 0);
      const errors = {};
      for (const o of opened) for (const [k, v] of Object.entries(o.errors)) errors[k] = (errors[k] ?? 0) + v;
      console.log(`${connected} of ${count} ${client === 'raw' ? 'plain TCP connections' : `sockets (${client} client)`} connected in ${((performance.now() - began) / 1000).toFixed(1)} s over ${HOLDERS} processes${Object.keys(errors).length ? `; refused: ${JSON.stringify(errors)}` : ''}`);
      if (connected < count) problems.push(`only ${connected} of ${count} connected: ${JSON.stringify(errors)}`);
      return connected;
    };
    /** Arms every holder for (event, key), runs `call`, waits until `expect` sockets got it (or RECEIPT_WAIT_MS): latencies from the call's start. */
    const measure = async (event, kind, key, call, expect) => {
      await Promise.all(holders.map((h) => h.ask({ type: 'arm', event, kind, key })));
      const t0 = now();
      await call();
      const until = performance.now() + RECEIPT_WAIT_MS;
      for (;;) {
        const answers = await collect();
        const got = answers.flatMap((a) => a.times);
        if (got.length >= expect || performance.now() > until)
          return { ms: got.map((t) => t - t0), live: answers.reduce((n, a) => n + a.connected, 0), size: answers.find((a) => a.size)?.size };
        await sleep(100);
      }
    };
    const live = async () => (await collect()).reduce((n, a) => n + a.connected, 0);
    const closeSockets = () => Promise.all(holders.map((h) => h.ask({ type: 'close' })));
    return { open, measure, live, collect, closeSockets, stop };
  }

  /** `rounds` measured broadcasts after one warm-up (a fresh process runs its code paths cold: printed, not counted). */
  async function broadcasts(label, rounds, once) {
    const all = [];
    let size;
    for (let r = -1; r < rounds; r++) {
      const round = r < 0 ? 'warm-up' : `${label} ${r + 1}`;
      const m = await once(round);
      size ??= m.size;
      console.log(`${round}: ${m.said ? `${m.said}; ` : ''}${m.ms.length} of ${m.live} got it: ${describe(m.ms)}`);
      if (m.ms.length < m.live) problems.push(`${round}: ${m.live - m.ms.length} of ${m.live} connected did not get it within ${RECEIPT_WAIT_MS / 1000} s`);
      if (r >= 0) all.push(...m.ms);
      await sleep(1_000);
    }
    return { all, size };
  }

  // Bounded in time: past the bound the drill stops what it started and fails.
  const BOUND_MS = (SHORT ? 3 : 15) * 60_000;
  watchdog = setTimeout(() => {
    problems.push(`not done within ${BOUND_MS / 60_000} min`);
    void finish();
  }, BOUND_MS);
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => (problems.push(`stopped by ${sig}`), void finish()));
  server = null;
  nodes = [];
  baseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  dbName = `oyster_drill_sockets_${Date.now()}`;
  try {
    console.log(`load before: ${load()}`);
    // ── one node, PGlite ──
    const loadCpus = PIN ? (CPUS === 2 ? '1' : `1-${CPUS - 1}`) : null;
    console.log(PIN ? `the api node on CPU 0, the load client on CPU ${loadCpus} (taskset; --no-pin shares them)` : `no pinning: the api node and the load client share ${CPUS} CPUs`);
    const load1 = startHolders(loadCpus);
    server = await startDemoServer({ port: await freePort(), env: { DEMO_INSURER_DELAY_MS: '0' } });
    if (PIN) pin(server.pid, '0');
    const { url } = server;
    const tokens = [];
    for (const e of LOAD_AGENTS) tokens.push(await signIn(url, e));
    const copywriter = await signIn(url, 'copywriter@oyster.test');
    await sleep(1_000);
    const rssBefore = rssKb(server.pid);
    const connected = await load1.open([url], tokens, SOCKETS, ['webinar-notification'], CLIENT);
    await sleep(2_000);
    const rssWith = rssKb(server.pid);
    const perSocketKb = (rssWith - rssBefore) / Math.max(1, connected);
    // At the short drill's thousand sockets a collection of the heap can outweigh them: then no figure.
    console.log(`api node RSS: ${(rssBefore / 1024).toFixed(0)} MB before the sockets, ${(rssWith / 1024).toFixed(0)} MB with ${connected} open: ${perSocketKb > 0 ? `${perSocketKb.toFixed(1)} KB a socket` : 'less than the heap moved meanwhile'}`);

    const webinar = await ok(timedCall(url, copywriter, 'POST', '/api/v2/webinars', {
      title: 'Учения: 10 000 сокетов',
      description: 'Приглашение всем агентам',
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      duration: 60,
      platform: 'Zoom',
      conferenceLink: 'https://webinar.oyster.test/room/drill',
    }));
    const toast = await broadcasts('broadcast', ROUNDS, async (round) => {
      let answer;
      const m = await load1.measure('webinar-notification', 'webinar', webinar._id, async () => {
        answer = await timedCall(url, copywriter, 'POST', `/api/v2/webinars/${webinar._id}/announce`);
      }, connected);
      if (answer.status !== 200) problems.push(`${round}: announce answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      return { ...m, said: `«Пригласить агентов» answered ${answer.status} in ${fmt(answer.ms)} (${answer.body?.data?.invited} invited)` };
    });
    const p99 = percentile(toast.all, 99);
    console.log(`\nbroadcast to ${connected} sockets, ${ROUNDS} rounds (${toast.all.length} receipts): ${describe(toast.all)} (load ${load()})`);
    if (!(p99 <= BROADCAST_P99_MS)) problems.push(`broadcast p99 ${fmt(p99)} > ${BROADCAST_P99_MS} ms`);
    await load1.closeSockets();
    await server.stop();
    server = null;

    // ── the floor: the same holders and count on plain TCP, one loop of writes of the toast's size ──
    const raw = fork(SELF, [], { env: { ...process.env, OYSTER_RAW_SERVER: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    cleanups.push(() => raw.kill());
    const rawPort = await new Promise((resolve) => raw.once('message', (m) => resolve(m.port)));
    if (PIN) pin(raw.pid, '0');
    await load1.open([`http://127.0.0.1:${rawPort}`], [], SOCKETS, ['raw'], 'raw');
    const frameSize = (toast.size ?? 600) + 30; // the toast's JSON, its event name and the frame's header
    const askRaw = (m) => new Promise((resolve) => (raw.once('message', resolve), raw.send(m)));
    // A client's connect completes in the kernel before the server has accepted it: wait for all of them.
    for (const until = performance.now() + 10_000; (await askRaw({ type: 'count' })).accepted < SOCKETS && performance.now() < until; ) await sleep(50);
    const floor = await broadcasts('plain TCP', ROUNDS, (round) => {
      const key = `floor-${round}-${Date.now()}`;
      return load1.measure('raw', 'raw', key, () => askRaw({ type: 'send', key, size: frameSize }), SOCKETS);
    });
    const floorP99 = percentile(floor.all, 99);
    console.log(`\nthe floor, ${SOCKETS} writes of ${frameSize} bytes in one loop on plain TCP: ${describe(floor.all)}; the broadcast's p99 is ${(p99 / floorP99).toFixed(2)}× the floor's`);
    await load1.stop();
    raw.kill();

    // ── two nodes, PostgreSQL and Redis ──
    psql(baseUrl.toString(), `CREATE DATABASE ${dbName}`);
    dbMade = true;
    const dbUrl = new URL(baseUrl);
    dbUrl.pathname = `/${dbName}`;
    const redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    const shared = { DATABASE_URL: dbUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redisPort}`, DEMO_INSURER_DELAY_MS: '0' };
    nodes.push(await startDemoServer({ port: await freePort(), env: { ...shared, SEED_DEMO: '1' } }));
    nodes.push(await startDemoServer({ port: await freePort(), env: { ...shared, SEED_DEMO: '0' } }));
    const [A, B] = nodes;
    await waitFor(`${B.url}/ready`);
    console.log(`\ntwo nodes on PostgreSQL (${dbName}) and Redis :${redisPort} up`);
    const tokens2 = [];
    for (const e of LOAD_AGENTS) tokens2.push(await signIn(A.url, e));
    // socket.io-client with the shell's reconnect delays: these sockets must come back by themselves below.
    const load2 = startHolders(null);
    await load2.open([A.url, B.url], tokens2, SOCKETS, [], 'socket.io', SHELL_RECONNECT);
    console.log('signing in the writer and the reader');
    const writer = await signIn(A.url, 'agent@oyster.test');
    const reader = await signIn(A.url, 'manager@oyster.test');
    const chatId = (await ok(timedCall(A.url, writer, 'GET', '/api/v2/chats/support')))._id;
    const onA = openSocket(A.url, writer);
    const onB = openSocket(B.url, reader);
    cleanups.push(() => (onA.close(), onB.close()));
    await Promise.all([onA, onB].map((s) => new Promise((resolve, reject) => (s.once('connect', resolve), s.once('connect_error', reject)))));
    const arrived = new Map();
    onB.on('chat_message', (p) => {
      if (p?.chatId === chatId && !arrived.has(p.message?.text)) arrived.set(p.message.text, now());
    });
    const chatMs = [];
    const sent = [];
    for (let i = 0; i < MESSAGES; i++) {
      const text = `учения ${dbName} ${i}`;
      const t0 = now();
      const r = await timedCall(A.url, writer, 'POST', `/api/v2/chats/${chatId}/messages`, { text, clientKey: `drill-sockets-${i}` });
      if (r.status !== 200) problems.push(`message ${i}: ${r.status} ${JSON.stringify(r.body ?? r.error).slice(0, 200)}`);
      sent.push({ text, t0 });
      await sleep(50);
    }
    const until = performance.now() + RECEIPT_WAIT_MS;
    while (arrived.size < sent.length && performance.now() < until) await sleep(100);
    for (const s of sent) if (arrived.has(s.text)) chatMs.push(arrived.get(s.text) - s.t0);
    const live = await load2.live();
    console.log(`\ntwo nodes with Redis, ${live} sockets open over them: ${chatMs.length} of ${MESSAGES} chat messages from agent@ (socket and call on node A) reached manager@ on node B: ${describe(chatMs)} (load ${load()})`);
    if (chatMs.length < MESSAGES) problems.push(`${MESSAGES - chatMs.length} of ${MESSAGES} chat messages did not reach the reader on node B`);
    const chatP99 = percentile(chatMs, 99);
    if (!(chatP99 <= CHAT_P99_MS)) problems.push(`chat node A → node B p99 ${fmt(chatP99)} > ${CHAT_P99_MS} ms`);
    if (live < SOCKETS) problems.push(`${SOCKETS - live} of ${SOCKETS} load sockets were not connected during the chat`);

    // ── Redis restarted: each node closes its sockets once Redis is back, and they all reconnect at once ──
    const connectsBefore = (await load2.collect()).reduce((n, a) => n + a.connects, 0);
    await redis.kill();
    await sleep(REDIS_AWAY_MS);
    redis = await startRedisServer(redisPort);
    const backAt = now();
    const burstUntil = performance.now() + RECONNECT_BOUND_MS;
    let answers;
    for (;;) {
      answers = await load2.collect();
      const again = answers.reduce((n, a) => n + a.connects, 0) - connectsBefore;
      if ((again >= SOCKETS && answers.reduce((n, a) => n + a.connected, 0) >= SOCKETS) || performance.now() > burstUntil) break;
      await sleep(250);
    }
    const reconnectMs = answers.flatMap((a) => a.backAt).map((t) => t - backAt);
    const liveAfter = answers.reduce((n, a) => n + a.connected, 0);
    const refusedAgain = {};
    for (const a of answers) for (const [k, v] of Object.entries(a.lateErrors ?? {})) refusedAgain[k] = (refusedAgain[k] ?? 0) + v;
    console.log(`\nRedis killed, started again ${REDIS_AWAY_MS / 1000} s later: ${reconnectMs.length} of ${SOCKETS} sockets dropped by their node and connected again, ${liveAfter} open; from Redis back to each reconnect: ${describe(reconnectMs)} (the shell's delay ${SHELL_RECONNECT.reconnectionDelay} ms ± half; load ${load()})${Object.keys(refusedAgain).length ? `; failed attempts on the way: ${JSON.stringify(refusedAgain)}` : ''}`);
    if (reconnectMs.length < SOCKETS || liveAfter < SOCKETS) problems.push(`after Redis came back ${reconnectMs.length} of ${SOCKETS} sockets reconnected and ${liveAfter} were open within ${RECONNECT_BOUND_MS / 1000} s`);
    // Cross-node events resume: a message from A heard on B (the reader's socket reconnected too).
    const afterText = `учения ${dbName} после Redis`;
    const tAfter = now();
    const rAfter = await timedCall(A.url, writer, 'POST', `/api/v2/chats/${chatId}/messages`, { text: afterText, clientKey: 'drill-sockets-after-redis' });
    const afterUntil = performance.now() + RECEIPT_WAIT_MS;
    while (!arrived.has(afterText) && performance.now() < afterUntil) await sleep(50);
    console.log(`after the burst a message from A answered ${rAfter.status} and ${arrived.has(afterText) ? `reached B in ${fmt(arrived.get(afterText) - tAfter)}` : 'did not reach B'}`);
    if (!arrived.has(afterText)) problems.push('after Redis came back a chat message from node A did not reach node B');

    console.log(`\nfigures: ${connected} sockets (${CLIENT} client${PIN ? ', node and load pinned apart' : ''}); broadcast ${describe(toast.all)}; the plain-TCP floor ${describe(floor.all)}; ${perSocketKb.toFixed(1)} KB RSS a socket; chat A → B ${describe(chatMs)}; reconnect after Redis ${describe(reconnectMs)}`);
  } catch (e) {
    problems.push(`the drill stopped: ${e.stack ?? e.message}`);
  }
  await finish();
}

/** Stops what the drill started and prints its verdict (also when the time bound ran out). */
async function finish() {
  clearTimeout(watchdog);
  // Each step on its own: one that throws must not leave the nodes, Redis or the database behind.
  const step = (f) => Promise.resolve().then(f).catch((e) => console.log(`cleanup: ${e.message}`));
  for (const c of cleanups.reverse()) await step(c);
  if (server) await step(() => server.stop());
  for (const n of nodes ?? []) await step(() => n.stop());
  if (redis) await redis.kill();
  if (dbMade && !argv.includes('--keep')) await step(() => psql(baseUrl.toString(), `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  if (problems.length) {
    console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`\nheld: the broadcast p99 ≤ ${BROADCAST_P99_MS} ms to every socket; chat across nodes p99 ≤ ${CHAT_P99_MS} ms`);
  process.exit(0);
}

if (process.env.OYSTER_SOCKET_HOLDER === '1') holder();
else if (process.env.OYSTER_RAW_SERVER === '1') rawServer();
else await main();
