/**
 * What the drills share (issue 27): a TCP proxy a drill can cut and restore (a server that went away),
 * signing in a demo account, socket.io clients, and figures. Each drill starts what it needs, is bounded
 * in time, stops by itself and prints its figures; `--short` is the one-minute version CI runs.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const DEMO_PASSWORD = 'Oyster2026!';
const shellRequire = createRequire(path.join(ROOT, 'shell/package.json'));

/** A proxy on a free loopback port to `target`; cut() closes every connection and refuses new ones; restore() listens again on the same port. */
export async function cuttableProxy(target) {
  const open = new Set();
  let server = null;
  let port = 0;
  const listen = () =>
    new Promise((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        open.add(client);
        open.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = s.address().port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise((resolve) => {
      for (const sock of open) sock.destroy();
      open.clear();
      if (!server) return resolve();
      const s = server;
      server = null;
      s.close(() => resolve());
    });
  await listen();
  return { get port() { return port; }, cut: stop, restore: listen, close: stop };
}

/**
 * A round-robin TCP proxy on a free loopback port in front of `targets` (a gateway in front of api nodes):
 * each new connection goes to the next target; one whose connect fails is skipped for the next (a dead
 * node), tried again once `retryMs` have passed. TCP-level, so it carries websockets too. `counts` says
 * how many connections each target took; `on(target)` how many are open to it now.
 */
export async function roundRobinProxy(targets, { retryMs = 1_000 } = {}) {
  const open = new Map(targets.map((t) => [t, new Set()]));
  const counts = new Map(targets.map((t) => [t, 0]));
  const downUntil = new Map();
  let next = 0;
  const pick = (tried) => {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[(next + i) % targets.length];
      if (tried.has(t) || (downUntil.get(t) ?? 0) > Date.now()) continue;
      next = (targets.indexOf(t) + 1) % targets.length;
      return t;
    }
    return targets.find((t) => !tried.has(t));
  };
  const server = net.createServer((client) => {
    client.pause();
    const tried = new Set();
    client.on('error', () => client.destroy());
    const attempt = () => {
      const t = pick(tried);
      if (!t) return client.destroy();
      tried.add(t);
      const upstream = net.connect(t.port, t.host);
      upstream.once('connect', () => {
        counts.set(t, counts.get(t) + 1);
        open.get(t).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.get(t).delete(upstream);
        };
        upstream.removeAllListeners('error');
        upstream.on('error', drop).on('close', drop);
        client.on('close', drop);
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        downUntil.set(t, Date.now() + retryMs);
        attempt();
      });
    };
    attempt();
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    counts,
    on: (t) => open.get(t).size,
    close: () =>
      new Promise((resolve) => {
        for (const set of open.values()) for (const s of set) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A demo account's session token. */
export async function signIn(url, email) {
  const r = await fetch(`${url}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, rememberMe: false }),
  });
  const body = await r.json();
  if (!body.token) throw new Error(`sign-in ${email}: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** One api call with a token and a bound (ms); answers { status, ms, body } or { status: 0, error } when no answer came. */
export async function timedCall(url, token, method, p, body, timeoutMs = 30_000) {
  const began = performance.now();
  try {
    const r = await fetch(url + p, {
      method,
      headers: { 'x-api-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await r.text();
    let parsed = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: r.status, ms: performance.now() - began, body: parsed };
  } catch (e) {
    return { status: 0, ms: performance.now() - began, error: e.cause?.code ?? e.name ?? String(e) };
  }
}

/** A socket.io client as the shell opens it (websocket, the session token). */
export function openSocket(url, token, opts = {}) {
  const { io } = shellRequire('socket.io-client');
  return io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: true, reconnectionDelay: 200, reconnectionDelayMax: 1000, ...opts });
}

export function percentile(values, p) {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : '—');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Tally of statuses: { '200': 12, '503': 4, 'ECONNRESET': 1 }. */
export function tally(results) {
  const t = {};
  for (const r of results) {
    const k = r.status ? String(r.status) : r.error;
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}

/**
 * Asks `GET <path>` (default /health: no I/O in the api) one call after another until the returned stop
 * is called; the stop answers the longest gap between two answers (how long the node did not answer at
 * all: a blocked event loop) and how many answers came.
 */
export function answerGaps(url, p = '/health') {
  let stop = false;
  let maxGap = 0;
  let answers = 0;
  const done = (async () => {
    let last = performance.now();
    while (!stop) {
      await fetch(`${url}${p}`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer()).catch(() => undefined);
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      answers++;
      await sleep(5);
    }
  })();
  return async () => {
    stop = true;
    await done;
    return { maxGapMs: Math.round(maxGap), answers };
  };
}

/**
 * A chat's messages after `afterSeq`, every page of 200 (as the shell's catch-up reads them); `ok` is false
 * when a page was refused (what came before it is in `items`).
 */
export async function chatMessagesAfter(url, token, chatId, afterSeq = 0) {
  const items = [];
  for (let after = afterSeq; ; ) {
    const page = await timedCall(url, token, 'GET', `/api/v2/chats/${chatId}/messages?after=${after}&limit=200`);
    const got = page.body?.data?.items ?? [];
    items.push(...got);
    if (page.status !== 200) return { items, ok: false, status: page.status, error: page.error };
    if (got.length < 200) return { items, ok: true };
    after = got.at(-1).seq;
  }
}

/** Prints the calls of each phase as a table: how many, their answers, p50, p95 and the longest. */
export function printPhases(results, phases) {
  console.log('| phase | calls | answers | p50 | p95 | max |');
  console.log('|---|---|---|---|---|---|');
  for (const p of phases) {
    const rs = results.filter((r) => r.phase === p);
    const ms = rs.map((r) => r.ms);
    console.log(`| ${p} | ${rs.length} | ${JSON.stringify(tally(rs))} | ${fmt(percentile(ms, 50))} | ${fmt(percentile(ms, 95))} | ${fmt(Math.max(...ms))} |`);
  }
}

/**
 * A redis-server of the drill's own on `port` of the loopback (nothing kept on disk), answering once this
 * resolves. `kill()` ends it at once (SIGKILL, as a crash does) and resolves when it has exited.
 */
export async function startRedisServer(port) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const answers = () =>
    new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
  for (let i = 0; i < 200 && !(await answers()); i++) await sleep(25);
  return {
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
