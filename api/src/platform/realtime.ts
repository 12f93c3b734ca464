import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RedisClientType } from 'redis';
import { ERROR_TEXTS, type ServerEventName, type ServerEvents } from '@oyster/shared-kit/domain';
import type { Db } from './db.js';
import { findActiveSession, TOKEN_COOKIE } from './auth/sessions.js';
import { configuredOrigins, isOwnOrigin } from './origins.js';

/**
 * What one socket may cost. The shell sends `route` once per navigation and `login`/`logout` once per
 * sign-in: a person clicking makes a few events a second at most. 20 a second with bursts of 40 is
 * about ten times that, so no person meets the limit, and a script flooding the socket gets 20 events
 * a second through — each of them now a Map write, not a query. Events over the limit are dropped; a
 * client that keeps sending (more than 100 dropped within 10 s) is disconnected, with a logged reason.
 */
export const SOCKET_LIMITS = {
  eventsPerSecond: 20,
  burst: 40,
  maxDropsPerWindow: 100,
  dropWindowMs: 10_000,
  /**
   * A socket's session is read again on its events at most this often. Sign-out, blocking and revoking
   * reach the socket sooner and without asking: `endSession`/`endUserSessions` send `logout` through
   * the rooms (and Redis); the re-read catches a session that simply ran out.
   */
  sessionRecheckMs: 5_000,
  /** Sessions whose last route is kept: one entry per session with a live socket here; the oldest goes first. */
  maxLastRoutes: 10_000,
  /** Longest path and href kept. */
  maxRouteLength: 2_000,
} as const;

/** A token bucket: `take()` is true while the socket is within `perSecond` (bursts of `burst`). */
export function tokenBucket(perSecond: number, burst: number, now: () => number = Date.now) {
  let tokens = burst;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - at) * perSecond) / 1000);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export interface LastRoute {
  path: string;
  href: string;
  at: string;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest ones beyond `max`. */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}

export interface Realtime {
  io: Server;
  /** Sends one of the socket's server events (shared-kit `ServerEvents`, spec §7) to every socket of a user. */
  emitToUser<K extends ServerEventName>(userId: string, event: K, payload: ServerEvents[K]): void;
  /**
   * The same event to every socket of many users at once: one packet encoded once and (with Redis) one
   * message to the other nodes, not one per user; a socket gets it once.
   */
  emitToUsers<K extends ServerEventName>(userIds: readonly string[], event: K, payload: ServerEvents[K]): void;
  /** Sends an event to every connected socket (only what anyone signed in may know, e.g. «webinar X changed»). */
  emitToAll<K extends ServerEventName>(event: K, payload: ServerEvents[K]): void;
  /** Tell the sockets of one session (or all of a user's) to log out, then drop them. */
  endSession(sessionId: string): void;
  endUserSessions(userId: string): void;
  /** The last route each session with a live socket on this instance reported (bounded, see SOCKET_LIMITS). */
  lastRoutes: Map<string, LastRoute>;
  /** Closes every socket of this node as a lost connection, so its client reconnects (a graceful stop, Redis back). */
  dropConnections(): void;
  /** Cancels pending disconnects (they would hit closed Redis clients) and closes socket.io. */
  close(): Promise<void>;
}

const userRoom = (id: string) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;

function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return decodeURIComponent(v.join('='));
  }
  return null;
}

/**
 * The publishing client as socket.io's Redis adapter uses it (publish, PUBSUB through sendCommand, its
 * 'error' listener, and pSubscribe only to know it is node-redis 4+). The adapter does not wait for a
 * PUBLISH: one in flight when Redis drops rejects with nobody listening, and an unhandled rejection ends
 * the process — a node died so in 2 of 6 short runs of bench/drill-redis-restart.mjs. The event is lost
 * either way (the clients catch up once Redis is back, see app.ts); here the rejection is caught.
 */
function adapterPublisher(pub: RedisClientType) {
  const client = {
    publish: (channel: string, message: string | Buffer) => pub.publish(channel, message).catch(() => 0),
    sendCommand: (args: string[]) => pub.sendCommand(args),
    pSubscribe: pub.pSubscribe.bind(pub),
    on: (event: string, listener: (...args: unknown[]) => void) => (pub.on(event, listener), client),
    off: (event: string, listener: (...args: unknown[]) => void) => (pub.off(event, listener), client),
  };
  return client;
}

type SubscriptionListener = (message: string | Buffer, channel: string) => unknown;

/**
 * The subscribing client as socket.io's Redis adapter uses it, with one gate: another node's broadcast is
 * passed on to this node's sockets only while the client is ready. When Redis comes back, node-redis
 * subscribes again before it says 'ready', and the other nodes' messages queued meanwhile can arrive in
 * between — delivered to sockets that are about to be dropped as lost (app.ts, on 'ready'), they moved
 * each client's «last message seen» past the ones missed while Redis was away, and its catch-up after the
 * reconnect skipped those (every reader of bench/drill-redis-restart.mjs in 3 of 40 short runs). Held
 * back, they reach the clients through that catch-up instead.
 */
export function adapterSubscriber(sub: Pick<RedisClientType, 'isReady' | 'pSubscribe' | 'pUnsubscribe' | 'subscribe' | 'unsubscribe' | 'on' | 'off'>) {
  const gated = new WeakMap<SubscriptionListener, SubscriptionListener>();
  const gate = (listener: SubscriptionListener) => {
    let g = gated.get(listener);
    if (!g) {
      g = (message, channel) => (sub.isReady ? listener(message, channel) : undefined);
      gated.set(listener, g);
    }
    return g;
  };
  type Sub = (patterns: string | string[], listener: SubscriptionListener, bufferMode?: boolean) => Promise<void>;
  const client = {
    pSubscribe: ((patterns, listener, bufferMode) => (sub.pSubscribe as unknown as Sub)(patterns, gate(listener), bufferMode)) as Sub,
    pUnsubscribe: ((patterns, listener, bufferMode) => (sub.pUnsubscribe as unknown as Sub)(patterns, gated.get(listener) ?? listener, bufferMode)) as Sub,
    subscribe: sub.subscribe.bind(sub),
    unsubscribe: sub.unsubscribe.bind(sub),
    on: (event: string, listener: (...args: unknown[]) => void) => (sub.on(event, listener), client),
    off: (event: string, listener: (...args: unknown[]) => void) => (sub.off(event, listener), client),
  };
  return client;
}

export function createRealtime(
  server: HttpServer,
  db: Db,
  redis: { pub: RedisClientType; sub: RedisClientType; namespace?: string } | null,
  log: { info: (o: object, m: string) => void; debug?: (o: object, m: string) => void },
  /** Origins other than the request's own that may open a socket (default: platform/origins configuredOrigins()). */
  allowedOrigins: readonly string[] = configuredOrigins(),
): Realtime {
  // The handshake is signed in by the session cookie too, so a page of another site must not open a
  // socket: a browser always sends Origin, and it must be ours (the request's own host, a remote's or
  // ALLOWED_ORIGINS). Clients that are not browsers send none and sign in with the token.
  const ours = (req: { headers: { origin?: string; host?: string } }) =>
    isOwnOrigin(req.headers.origin, req.headers.host, allowedOrigins);
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, done) => done(null, req.headers.origin === undefined || ours(req)),
    // CORS (with credentials) only for our own origins; any other gets no CORS headers at all.
    cors: (req, done) => done(null, ours(req) ? { origin: true, credentials: true } : { origin: false }),
  });
  // The adapter's channels under the deployment's namespace (AppOptions.redisNamespace): socket.io's default key otherwise.
  if (redis) io.adapter(createAdapter(adapterPublisher(redis.pub), adapterSubscriber(redis.sub), { key: `${redis.namespace ?? ''}socket.io` }));
  const lastRoutes = new Map<string, LastRoute>();
  /** Sockets of each session connected to this instance: the last one to go takes the session's route with it. */
  const socketsPerSession = new Map<string, number>();

  const pending = new Set<NodeJS.Timeout>();
  let closing = false;
  const endSession = (room: string) => {
    if (closing) return;
    const payload: ServerEvents['logout'] = { message: ERROR_TEXTS.unauthorized };
    io.to(room).emit('logout', payload);
    // Let the logout packet go out before the disconnect (the two travel separately through Redis).
    const t = setTimeout(() => {
      pending.delete(t);
      try {
        io.in(room).disconnectSockets();
      } catch (e) {
        log.info({ err: String(e) }, 'disconnect after logout failed');
      }
    }, 200);
    pending.add(t);
  };

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = typeof auth?.token === 'string' ? auth.token : cookieToken(socket.handshake.headers.cookie);
      const s = await findActiveSession(db, token);
      if (!s) return next(new Error(ERROR_TEXTS.unauthorized));
      socket.data.userId = s.user.id;
      socket.data.sessionId = s.sessionId;
      socket.data.token = token;
      next();
    } catch (e) {
      next(e as Error);
    }
  });

  // A socket keeps talking after login: its session is read again on its events, at most every
  // SOCKET_LIMITS.sessionRecheckMs (one read shared by the events that arrive meanwhile).
  const stillValid = (socket: Socket): Promise<boolean> => {
    const d = socket.data as { checkedAt: number; checking?: Promise<boolean> | null };
    if (Date.now() - d.checkedAt < SOCKET_LIMITS.sessionRecheckMs) return Promise.resolve(socket.connected);
    if (!d.checking) {
      d.checking = findActiveSession(db, socket.data.token as string)
        .catch(() => null)
        .then((s) => {
          d.checkedAt = Date.now();
          d.checking = null;
          if (!s) {
            const payload: ServerEvents['logout'] = { message: ERROR_TEXTS.unauthorized };
            socket.emit('logout', payload);
            socket.disconnect();
          }
          return !!s;
        });
    }
    return d.checking;
  };

  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    const sessionId = socket.data.sessionId as string;
    socket.data.checkedAt = Date.now(); // the handshake has just read the session
    socketsPerSession.set(sessionId, (socketsPerSession.get(sessionId) ?? 0) + 1);
    socket.join([userRoom(userId), sessionRoom(sessionId)]);

    const bucket = tokenBucket(SOCKET_LIMITS.eventsPerSecond, SOCKET_LIMITS.burst);
    let dropped = 0;
    let windowStart = Date.now();
    socket.use((_packet, next) => {
      if (bucket.take()) return next();
      // Over the limit: the event is dropped (next is not called).
      const now = Date.now();
      if (now - windowStart > SOCKET_LIMITS.dropWindowMs) {
        windowStart = now;
        dropped = 0;
      }
      dropped += 1;
      if (dropped > SOCKET_LIMITS.maxDropsPerWindow && socket.connected) {
        log.info({ userId, sessionId, dropped, windowMs: SOCKET_LIMITS.dropWindowMs }, 'socket disconnected: too many events');
        socket.disconnect(true);
      }
    });

    socket.on('route', async (msg: unknown) => {
      if (!(await stillValid(socket))) return;
      if (!socketsPerSession.has(sessionId)) return; // the session's last socket went meanwhile
      const m = (msg ?? {}) as { path?: unknown; href?: unknown };
      const path = typeof m.path === 'string' ? m.path.slice(0, SOCKET_LIMITS.maxRouteLength) : '';
      const href = typeof m.href === 'string' ? m.href.slice(0, SOCKET_LIMITS.maxRouteLength) : '';
      if (lastRoutes.get(sessionId)?.path !== path) log.debug?.({ userId, path }, 'route');
      rememberBounded(lastRoutes, sessionId, { path, href, at: new Date().toISOString() }, SOCKET_LIMITS.maxLastRoutes);
    });
    socket.on('login', () => void stillValid(socket));
    // The client tells us it logged out; the HTTP logout revokes, so here we only let go of the socket.
    socket.on('logout', () => socket.disconnect());
    socket.on('disconnect', () => {
      const left = (socketsPerSession.get(sessionId) ?? 1) - 1;
      if (left > 0) return void socketsPerSession.set(sessionId, left);
      socketsPerSession.delete(sessionId);
      lastRoutes.delete(sessionId);
    });
  });

  return {
    io,
    lastRoutes,
    // Nothing is sent once closing: a periodic job finishing late (renewal reminders at start) must not publish
    // through a Redis client that is being closed.
    emitToUser: (userId, event, payload) => void (closing || io.to(userRoom(userId)).emit(event, payload)),
    emitToUsers: (userIds, event, payload) => void (closing || !userIds.length || io.to(userIds.map(userRoom)).emit(event, payload)),
    emitToAll: (event, payload) => void (closing || io.emit(event, payload)),
    endSession: (sessionId) => endSession(sessionRoom(sessionId)),
    endUserSessions: (userId) => endSession(userRoom(userId)),
    dropConnections() {
      // engine.io's own close: the client sees a lost transport and reconnects by itself (behind a gateway,
      // to another node); socket.io's disconnect would tell it «io server disconnect» and it would stay away.
      const clients = (io.engine as unknown as { clients: Record<string, { close(): void }> }).clients;
      for (const client of Object.values(clients)) client.close();
    },
    async close() {
      closing = true;
      pending.forEach(clearTimeout);
      pending.clear();
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
