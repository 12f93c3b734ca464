import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { createClient, type RedisClientType } from 'redis';
import type { Server } from 'socket.io';
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';
import { createPgDb, createPgliteDb, type Db } from './db/index.js';
import { runMigrations } from './migrations/index.js';
import { seedDemo } from './seed/index.js';
import { createRealtime, type Realtime } from './realtime.js';
import { createRateLimiter } from './auth/rate-limit.js';
import { HttpError } from './validation.js';
import { registerStatic, sendShellIndex } from './static.js';
import type { RouteContext } from './routes/context.js';
import { authRoutes } from './routes/auth.js';
import { initStateRoutes } from './routes/init-state.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { dictionaryRoutes } from './routes/dictionary.js';
import { agentRoutes } from './routes/agents.js';
import { userRoutes } from './routes/users.js';
import { publicRoutes } from './routes/public.js';
import { suggestRoutes } from './routes/suggest.js';
import { learningPostRoutes } from './routes/learning-posts.js';
import { learningAcademyRoutes } from './routes/learning-academy.js';
import { learningLibraryRoutes } from './routes/learning-library.js';
import { uploadRoutes } from './routes/uploads.js';
import { resolveMediaDir } from './learning/media.js';

export interface AppOptions {
  /** A real PostgreSQL; without it PGlite is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests run each in a fresh one). */
  databaseSchema?: string;
  /** PGlite data folder; 'memory://' for an in-memory database. */
  dataDir?: string;
  redisUrl?: string;
  seedDemo?: boolean;
  /** Repository root, where shell/dist, remote-* /dist and media/ are looked for. */
  staticRoot?: string;
  /** Uploaded and demo files, served at /media/ (default <staticRoot>/media). */
  mediaDir?: string;
  legacyLoginUrl?: string | null;
  /** Login attempts per IP+email per window (default 10 per minute). */
  loginRateLimit?: { max: number; windowMs: number };
  /** Key prefix for the Redis-backed rate limiter (tests isolate themselves with it). */
  rateLimitNamespace?: string;
  logger?: boolean;
  secureCookies?: boolean;
  /** Behind a gateway: take the client IP (rate limits) from X-Forwarded-For. Off by default so it cannot be spoofed. */
  trustProxy?: boolean;
  /** Use an already open database (not closed by close()); lets two instances share one PGlite in tests. */
  db?: Db;
}

export interface OysterApp {
  app: FastifyInstance;
  io: Server;
  db: Db;
  realtime: Realtime;
  close(): Promise<void>;
}

export async function createApp(options: AppOptions = {}): Promise<OysterApp> {
  const ownDb = !options.db;
  const db = options.db
    ? options.db
    : options.databaseUrl
    ? await createPgDb(options.databaseUrl, options.databaseSchema)
    : await createPgliteDb(options.dataDir ?? 'memory://');
  await runMigrations(db);
  const mediaDir = resolveMediaDir(options.mediaDir, options.staticRoot ?? process.cwd());
  if (options.seedDemo) await seedDemo(db, { mediaDir });

  let redis: { main: RedisClientType; pub: RedisClientType; sub: RedisClientType } | null = null;
  if (options.redisUrl) {
    const main = createClient({ url: options.redisUrl }) as RedisClientType;
    const pub = main.duplicate();
    const sub = main.duplicate();
    await Promise.all([main.connect(), pub.connect(), sub.connect()]);
    redis = { main, pub, sub };
  }

  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: !!options.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  await app.register(fastifyCookie);

  const realtime = createRealtime(app.server, db, redis && { pub: redis.pub, sub: redis.sub }, {
    info: (o, m) => app.log.info(o, m),
  });
  const ctx: RouteContext = {
    db,
    rt: realtime,
    loginLimiter: createRateLimiter({ ...(options.loginRateLimit ?? { max: 10, windowMs: 60_000 }), redis: redis?.main ?? null, namespace: options.rateLimitNamespace }),
    legacyLoginUrl: options.legacyLoginUrl ?? null,
    secureCookies: !!options.secureCookies,
    mediaDir,
  };

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message, ...err.extra });
    const e = err as { statusCode?: number; code?: string; message?: string };
    // Fastify's own 4xx (bad JSON, wrong content type, body too large): the client's fault, say so in Russian.
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message =
        e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Неподдерживаемый тип содержимого запроса'
        : e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Слишком большой запрос'
        : e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Пустое тело запроса'
        : e.statusCode === 429 ? ERROR_TEXTS.tooManyRequests
        : 'Некорректный запрос: тело не является корректным JSON';
      return reply.code(e.statusCode).send({ message, error: true, type: 'validation' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: ERROR_TEXTS.server });
  });

  for (const register of [publicRoutes, authRoutes, initStateRoutes, dashboardRoutes, dictionaryRoutes, agentRoutes, userRoutes,
    learningPostRoutes, learningAcademyRoutes, learningLibraryRoutes, uploadRoutes]) {
    register(app, ctx);
  }
  suggestRoutes(app, ctx, { dataDirHints: [options.staticRoot] });
  const { shellIndex } = await registerStatic(app, options.staticRoot ?? process.cwd(), mediaDir);

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    // History fallback: client-side routes under /app/ get the shell; real files were served already.
    if (shellIndex && req.method === 'GET' && (path === '/app' || path.startsWith('/app/')) && !/\.[a-z0-9]{1,6}$/i.test(path)) {
      return sendShellIndex(reply, shellIndex);
    }
    return reply.code(404).send({ message: ERROR_TEXTS.notFound });
  });

  await app.ready();

  let closed = false;
  return {
    app,
    io: realtime.io,
    db,
    realtime,
    async close() {
      if (closed) return;
      closed = true;
      await realtime.close();
      await app.close().catch(() => undefined);
      if (redis) await Promise.all([redis.main, redis.pub, redis.sub].map((c) => c.quit().catch(() => undefined)));
      if (ownDb) await db.close();
    },
  };
}
