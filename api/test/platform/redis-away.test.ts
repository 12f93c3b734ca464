// @zone-independent: Redis going away and coming back. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { createApp, type OysterApp } from '../../src/app';
import { call, connectSocket, connected, listen, once, signIn, start, type Running } from '../support';

/**
 * Redis going away under a running api (issue 27's drill «Redis restarted»): a redis-server of this test's
 * own is killed and started again on the same port under two api instances that share it. Before, the first
 * lost connection was an unhandled 'error' event of a Redis client that ended the process, and a sign-in
 * waited for Redis to come back (node-redis queues commands while disconnected). Now: the api keeps
 * answering (sign-in counts its attempts on the node itself meanwhile), /ready says redis is not there, and
 * once Redis is back the instances hear each other again without a restart — and each node closes its
 * sockets as lost, so that their clients reconnect and catch up on what the other nodes sent meanwhile.
 */
const haveRedisServer = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

const stopRedis = (p: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill('SIGKILL');
  });

/** Polls until `ok` holds (every 100 ms) or throws after `ms`. */
async function eventually(what: string, ok: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

(haveRedisServer ? describe : describe.skip)('Redis away and back under two api instances (PGlite)', () => {
  let port: number;
  let redis: ChildProcess;
  let a: Running;
  let b: OysterApp;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    a = await start({}, { redisUrl });
    urlA = a.url;
    // B shares A's database (PGlite is in-process) and the Redis.
    b = await createApp({ db: a.oyster.db, redisUrl, redisNamespace: a.redisNamespace, seedDemo: true, demoMode: true, staticRoot: '/nonexistent' });
    urlB = await listen(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.stop();
    if (redis) await stopRedis(redis);
  });

  test('the api answers while Redis is away, /ready names it, and cross-instance events resume once it is back', async () => {
    const token = await signIn(urlA, 'agent');
    const me = (await call(urlA, 'GET', '/api/v2/auth/get-user', { token })).body.user;
    const s = connectSocket(urlB, token);
    await connected(s);
    let dropped = 0;
    s.on('disconnect', () => dropped++);
    try {
      // Redis killed: nobody says goodbye, the connections just drop.
      await stopRedis(redis);

      // Health, reads and a sign-in answer (the sign-in does not wait for Redis: it counts on the node).
      expect((await call(urlA, 'GET', '/health')).status).toBe(200);
      const began = Date.now();
      const again = await call(urlA, 'POST', '/api/v2/auth/login/', { body: { email: 'manager@oyster.test', password: 'Oyster2026!', rememberMe: false } });
      expect({ status: again.status, waited: Date.now() - began < 5_000 }).toEqual({ status: 200, waited: true });
      expect((await call(urlB, 'GET', '/api/v2/notifications/count-not-read', { token })).status).toBe(200);
      // A change that tells the other instances (a cache invalidation) is answered, not held until Redis is back.
      const out = await call(urlA, 'POST', '/api/v2/auth/logout', { token: again.body.token });
      expect(out.status).toBeLessThan(300);
      await eventually('/ready names redis', async () => {
        const ready = await call(urlA, 'GET', '/ready');
        return ready.status === 503 && ready.body?.checks?.redis?.ok === false;
      });

      expect(dropped).toBe(0);
      // Redis back on the same port: the instances reconnect by themselves and hear each other again.
      redis = await startRedis(port);
      await eventually('/ready again on both', async () => (await call(urlA, 'GET', '/ready')).status === 200 && (await call(urlB, 'GET', '/ready')).status === 200);
      // The socket on B stayed up while Redis was away (it missed what A sent); B closes it as lost once Redis
      // is back: its client reconnects, as the shell does, and catches up.
      expect((await call(urlA, 'GET', '/health')).status).toBe(200);
      await eventually('B closes its socket once Redis is back', async () => dropped === 1);
      expect(s.connected).toBe(false);
      s.connect();
      await connected(s);
      await eventually('an event emitted on A reaches the socket on B', async () => {
        const got = once(s, 'chats', 500);
        a.oyster.realtime.emitToUser(me._id, 'chats', { action: 'update_chats_counts_opened', result: { chatsOpenedCount: 7, clientChats: 4, agentChats: 3 } });
        return (await got).result.chatsOpenedCount === 7;
      });
      // Both processes are still here and answer.
      expect((await call(urlB, 'GET', '/health')).status).toBe(200);
    } finally {
      s.close();
    }
  }, 90_000);
});
