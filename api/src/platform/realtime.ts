import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RedisClientType } from 'redis';
import { ERROR_TEXTS, type ServerEventName, type ServerEvents } from '@oyster/shared-kit/domain';
import type { Db } from './db.js';
import { findActiveSession, TOKEN_COOKIE } from './auth/sessions.js';

export interface Realtime {
  io: Server;
  /** Sends one of the socket's server events (shared-kit `ServerEvents`, spec §7) to every socket of a user. */
  emitToUser<K extends ServerEventName>(userId: string, event: K, payload: ServerEvents[K]): void;
  /** Tell the sockets of one session (or all of a user's) to log out, then drop them. */
  endSession(sessionId: string): void;
  endUserSessions(userId: string): void;
  lastRoutes: Map<string, { path: string; href: string; at: string }>;
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

export function createRealtime(
  server: HttpServer,
  db: Db,
  redis: { pub: RedisClientType; sub: RedisClientType } | null,
  log: { info: (o: object, m: string) => void },
): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: true, credentials: true } });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));
  const lastRoutes = new Map<string, { path: string; href: string; at: string }>();

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

  // A socket keeps talking after login, so every event re-checks its session.
  const stillValid = async (socket: Socket) => {
    const s = await findActiveSession(db, socket.data.token as string).catch(() => null);
    if (!s) {
      const payload: ServerEvents['logout'] = { message: ERROR_TEXTS.unauthorized };
      socket.emit('logout', payload);
      socket.disconnect();
    }
    return !!s;
  };

  io.on('connection', (socket) => {
    socket.join([userRoom(socket.data.userId as string), sessionRoom(socket.data.sessionId as string)]);
    socket.on('route', async (msg: unknown) => {
      if (!(await stillValid(socket))) return;
      const m = (msg ?? {}) as { path?: unknown; href?: unknown };
      const path = typeof m.path === 'string' ? m.path.slice(0, 2000) : '';
      const href = typeof m.href === 'string' ? m.href.slice(0, 2000) : '';
      lastRoutes.set(socket.data.sessionId as string, { path, href, at: new Date().toISOString() });
      log.info({ userId: socket.data.userId, path }, 'route');
    });
    socket.on('login', () => void stillValid(socket));
    // The client tells us it logged out; the HTTP logout revokes, so here we only let go of the socket.
    socket.on('logout', () => socket.disconnect());
  });

  return {
    io,
    lastRoutes,
    emitToUser: (userId, event, payload) => void io.to(userRoom(userId)).emit(event, payload),
    endSession: (sessionId) => endSession(sessionRoom(sessionId)),
    endUserSessions: (userId) => endSession(userRoom(userId)),
    async close() {
      closing = true;
      pending.forEach(clearTimeout);
      pending.clear();
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
