import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { RESPONSE_ENCODINGS } from './platform/compression.js';
import { createClient, type RedisClientType } from 'redis';
import type { Server } from 'socket.io';
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';
import { createPgDb, createPgliteDb, type Db } from './platform/db.js';
import { runMigrations } from './platform/migrations.js';
import { firstRunsSettled, runPeriodically } from './platform/periodic.js';
import { DEFAULT_ORPHAN_GRACE_HOURS, DEFAULT_ORPHAN_SWEEP_MINUTES, fileReferences, orphanSweep } from './platform/orphans.js';
import { MIGRATIONS } from './migrations/index.js';
import { createRealtime, type Realtime } from './platform/realtime.js';
import { createRateLimiter } from './platform/auth/rate-limit.js';
import { requestPath, signInByDefault, type ApiRoute } from './platform/auth/guard.js';
import { authRoutes } from './platform/auth/routes.js';
import { frameworkErrors, installErrorHandler } from './platform/errors.js';
import { declaredRoutes, type Operation } from './platform/routes.js';
import { installJsonBody } from './platform/validation.js';
import { openApiRoute } from './platform/openapi.js';
import { publicRoutes } from './platform/public.js';
import { createReadiness, type Readiness, databaseCheck, DEFAULT_READY_TIMEOUT_MS, healthRoutes, redisCheck } from './platform/health.js';
import { createMetrics, installMetrics, metricsRoute } from './platform/metrics.js';
import { registerLoginPage, registerStatic, resolveMediaDir, sendShellIndex } from './platform/static.js';
import { TOKEN_COOKIE } from './platform/auth/sessions.js';
import { fastifyTrustProxy, isChatFramePath, registerSecurity } from './platform/security.js';
import { createLoggers, installRequestLog, type LogLevel } from './platform/logging.js';
import { DEFAULT_SESSION_IDLE_MINUTES } from './platform/auth/sessions.js';
import { createSessionCache, DEFAULT_SESSION_CACHE_MS, type SessionCache } from './platform/auth/session-cache.js';
import { createInvalidationBus, watchWrites } from './platform/invalidation.js';
import { createUnreadCache, DEFAULT_UNREAD_CACHE_MS, type UnreadCache } from './dashboard/unread-cache.js';
import { createReferenceCache, DEFAULT_REFERENCE_CACHE_MS, REFERENCE_TABLES, type ReferenceCache } from './reference/cache.js';
import type { AppContext, Domain } from './platform/context.js';
import { DOMAINS } from './domains.js';
import { seedDemo } from './seed/index.js';
import { chooseStore, type FileStore, type S3Settings } from './platform/storage.js';
import { moveFilesToStore } from './migrations/0036_file_storage.js';
import { mediaFiles, moveMediaToStore, type MediaFiles } from './platform/media-files.js';
import { backupRoutes } from './platform/backup.js';
import { DEMO_INSURERS, parseDemoInsurerFaults, type DemoInsurerFault } from './sales/insurers/demo.js';
import { resolvePaymentSecrets } from './sales/payments/secrets.js';

export interface AppOptions {
  /** A real PostgreSQL; without it PGlite is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests run each in a fresh one). */
  databaseSchema?: string;
  /** PGlite data folder; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PGlite only: start from this dump (PGlite dumpDataDir) instead of an empty cluster (the api tests' seeded copy). */
  pgliteDump?: Blob;
  redisUrl?: string;
  seedDemo?: boolean;
  /** Repository root, where shell/dist, remote-* /dist and media/ are looked for. */
  staticRoot?: string;
  /**
   * The old media folder (MEDIA_DIR; default <staticRoot>/media): files served at /media/ now live in the
   * file store (`media/<path>`); this folder's files move there at start and are read here until moved.
   */
  mediaDir?: string;
  /**
   * The file store (platform/storage.ts). Default: S3 when `s3` is given; else `filesDir`; else the
   * server database (databaseUrl); else the folder `<dataDir>-files`; an in-memory database keeps files in memory.
   */
  files?: FileStore;
  s3?: S3Settings | null;
  filesDir?: string | null;
  legacyLoginUrl?: string | null;
  /** Login attempts per account (email), from any address, per window (default 10 per minute). */
  loginRateLimit?: { max: number; windowMs: number };
  /** Login attempts per client address, to any accounts, per window (default 30 per minute). */
  loginAddressRateLimit?: { max: number; windowMs: number };
  /** Minutes without use that end a session without rememberMe (default 30). */
  sessionIdleMinutes?: number;
  /** Every demo insurer's answer delay in ms (env DEMO_INSURER_DELAY_MS); unset: each insurer's own (0.4–1.5 s). */
  demoInsurerDelayMs?: number | null;
  /** Demo insurers told to misbehave (insurer code → fault); default: DEMO_INSURER_FAULTS. */
  demoInsurerFaults?: Record<string, DemoInsurerFault>;
  /** How long a paid contract waits before the release retry takes it, and how often it looks (env RELEASE_RETRY_AFTER_MS, RELEASE_RETRY_EVERY_MS; default 2 min and 1 min). */
  releaseRetry?: { afterMs?: number; everyMs?: number };
  /**
   * Demo mode (env DEMO_MODE, read by main.ts; default off): the demo insurers' built-in payment secrets
   * and their payment page /pay/{token}. Off, every insurer needs its secret or the app does not start.
   */
  demoMode?: boolean;
  /** The insurers' payment callback secrets by insurer code (env PAYMENT_SECRET_<CODE>, read by main.ts). */
  paymentSecrets?: Record<string, string>;
  /** The bearer token of Oyster.app's backend (env OYSTER_APP_TOKEN; unset: the clients' chat integration is off). */
  oysterAppToken?: string | null;
  /**
   * How long a session stays resolved in-process without a database read (default SESSION_CACHE_MS or
   * 5000 ms; 0: every request reads the database). Logout, blocking and user changes drop it at once
   * whatever this is (platform/auth/session-cache.ts).
   */
  sessionCacheMs?: number;
  /** How long init-state's payload is kept in-process (default REFERENCE_CACHE_MS or 5000 ms; 0: off). */
  referenceCacheMs?: number;
  /** How long an unread-notifications count is kept per user (UNREAD_CACHE_MS; 0 = not kept). */
  unreadCacheMs?: number;
  /** Key prefix for the Redis-backed rate limiter (tests isolate themselves with it). */
  rateLimitNamespace?: string;
  /**
   * Prefix of the Redis channels the nodes of one deployment share (socket.io's adapter, the cache
   * invalidations). Two deployments on one Redis — or two test apps on copies of one seeded database, whose
   * users have the same ids — keep apart with their own; every node of a deployment must have the same.
   * Default: REDIS_NAMESPACE, else none.
   */
  redisNamespace?: string;
  logger?: boolean;
  /** LOG_LEVEL: info (default) writes one line per request; warn and above none. */
  logLevel?: LogLevel;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: NodeJS.WritableStream;
  secureCookies?: boolean;
  /**
   * Behind a gateway: which hops of X-Forwarded-For to believe for the client address (rate limits)
   * and X-Forwarded-Proto — a number of hops (1: exactly the gateway in front) or the proxies'
   * addresses/CIDRs. Never "all": a client could then choose its own address. Off by default.
   */
  trustProxy?: number | string[] | false;
  /**
   * The orphan sweep (platform/orphans.ts): a stored file no row names is removed once older than
   * this (FILES_ORPHAN_GRACE_HOURS, default 24 h), looked for this often (FILES_ORPHAN_SWEEP_MINUTES,
   * default 60; 0 = never).
   */
  orphanGraceMs?: number;
  orphanSweepEveryMs?: number;
  /** Each /ready check's bound in ms (READY_CHECK_TIMEOUT_MS, default 2000). */
  readyTimeoutMs?: number;
  /** Use an already open database (not closed by close()); lets two instances share one PGlite in tests. */
  db?: Db;
  /** The domains to serve (default DOMAINS); tests add a probe domain to check the platform's defaults. */
  domains?: readonly Domain[];
  /**
   * The process's own metrics at /metrics too (prom-client's defaults: CPU, memory, GC, event loop). Their
   * observers stay for the process's life, so the process's entry turns them on (main.ts), once; the apps
   * the tests make, many in one process, leave them off (default false).
   */
  processMetrics?: boolean;
}

export interface OysterApp {
  app: FastifyInstance;
  io: Server;
  /** The routes' database handle (writes through it drop the caches of this instance, see below). */
  db: Db;
  sessions: SessionCache;
  reference: ReferenceCache;
  unread: UnreadCache;
  realtime: Realtime;
  /** Where uploaded files live (platform/storage.ts). */
  files: FileStore;
  /** The files served at /media/ (platform/media-files.ts: the store's `media/`, then the old folder). */
  media: MediaFiles;
  /** Every api route as registered (method, url, public or signed in). */
  routes: readonly ApiRoute[];
  /** What /ready checks (platform/health.ts); a part added later (an object store) adds its own check. */
  readiness: Readiness;
  /** Every api operation with its declared input and access (the OpenAPI document's source). */
  operations: readonly Operation[];
  /** Resolves when the periodic jobs' first runs (started at ready: calendar, reminders, SLA watch) are done. */
  settled(): Promise<void>;
  /** Stops: new connections refused, the requests in flight answered, sockets told to reconnect, then
   * everything closed. `graceMs` (a SIGTERM: main.ts) keeps reading arrived requests that long first. */
  close(options?: { graceMs?: number }): Promise<void>;
  /** True once close() began (readiness answers 503 then, so a gateway stops sending work here). */
  readonly stopping: boolean;
}

const envNumber = (name: string): number | undefined => {
  const v = process.env[name];
  return v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
};

/** How long a stop waits for a Redis client that is reconnecting before dropping it (see close()). */
const REDIS_STOP_WAIT_MS = 2_000;

/** While stopping, kept-alive connections that went idle are closed this often (see close()). */
const IDLE_SWEEP_MS = 500;

export async function createApp(options: AppOptions = {}): Promise<OysterApp> {
  // Refused before anything opens (a ConfigError naming the variables): every insurer the api takes
  // payments from has its own secret; the demo's public ones only in demo mode.
  const demoMode = options.demoMode ?? false;
  const paymentSecrets = resolvePaymentSecrets(DEMO_INSURERS.map((i) => i.code), options.paymentSecrets ?? {}, demoMode);
  const ownDb = !options.db;
  const rawDb = options.db
    ? options.db
    : options.databaseUrl
    ? await createPgDb(options.databaseUrl, options.databaseSchema)
    : await createPgliteDb(options.dataDir ?? 'memory://', { loadDataDir: options.pgliteDump });
  await runMigrations(rawDb, MIGRATIONS);
  const chosen = options.files ? { store: options.files, note: `files: ${options.files.where}` } : chooseStore({ db: rawDb, s3: options.s3 ?? null, filesDir: options.filesDir, dataDir: options.databaseUrl ? null : options.dataDir });
  const files = chosen.store;
  // The /media/ files (platform/media-files.ts): the old folder's move into the store, before the demo
  // seed looks for its files there.
  const media = mediaFiles(files, resolveMediaDir(options.mediaDir, options.staticRoot ?? process.cwd()));
  const mediaMoves: string[] = [];
  const movedMedia = await moveMediaToStore(media, { log: (m) => mediaMoves.push(m) });
  const domains = options.domains ?? DOMAINS;
  if (options.seedDemo) await seedDemo(rawDb, { media }, domains);

  let redis: { main: RedisClientType; pub: RedisClientType; sub: RedisClientType } | null = null;
  /** Where a Redis client's error goes: stderr until the app's log exists (set below), then the log. */
  let redisError = (client: string, e: unknown) => console.error(`redis ${client}: ${String(e)}`);
  if (options.redisUrl) {
    const main = createClient({ url: options.redisUrl }) as RedisClientType;
    const pub = main.duplicate();
    const sub = main.duplicate();
    // Redis gone (restarted, the network dropped): each client reconnects by itself; its 'error' must be
    // heard, or the process ends on an unhandled 'error' event (seen by bench/drill-node-kill.mjs).
    for (const [name, c] of [['main', main], ['pub', pub], ['sub', sub]] as const) c.on('error', (e: unknown) => redisError(name, e));
    await Promise.all([main.connect(), pub.connect(), sub.connect()]);
    redis = { main, pub, sub };
  }

  // The in-process caches of the hot path and the one bus that drops them (here at once, on the other
  // instances through Redis): sessions (platform/auth/session-cache.ts), init-state (reference/cache.ts).
  const redisNamespace = options.redisNamespace ?? process.env.REDIS_NAMESPACE ?? '';
  const bus = createInvalidationBus(redis && { pub: redis.pub, sub: redis.sub, namespace: redisNamespace }, { warn: (o, m) => app.log.warn(o, m) });
  await bus.ready;
  // The cache writes last_seen_at through the raw handle: its own writes are not changes to announce.
  const sessions = createSessionCache(rawDb, bus, { ttlMs: options.sessionCacheMs ?? envNumber('SESSION_CACHE_MS') ?? DEFAULT_SESSION_CACHE_MS });
  const reference = createReferenceCache(rawDb, bus, { ttlMs: options.referenceCacheMs ?? envNumber('REFERENCE_CACHE_MS') ?? DEFAULT_REFERENCE_CACHE_MS });
  const unread = createUnreadCache(rawDb, bus, { ttlMs: options.unreadCacheMs ?? envNumber('UNREAD_CACHE_MS') ?? DEFAULT_UNREAD_CACHE_MS });
  // The safety net under the explicit forgetSession/forgetUser/forget calls: a write through the routes'
  // handle (or oyster.db) to sessions or users drops this instance's sessions, to a reference table its
  // init-state. A new session (INSERT INTO sessions) changes nothing cached.
  const db = watchWrites(rawDb, (table, verb) => {
    if ((table === 'sessions' && verb !== 'insert') || table === 'users') sessions.clearLocal();
    if ((REFERENCE_TABLES as readonly string[]).includes(table)) reference.clearLocal();
    if (table === 'notifications') unread.clearLocal();
  });

  const loggers = options.logger || options.logStream ? createLoggers(options.logStream, options.logLevel) : null;
  const app = Fastify({
    ...(loggers ? { loggerInstance: loggers.app } : { logger: false }),
    // One line per request instead of fastify's two (platform/logging.ts installRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // A request id unique across api nodes (fastify's own is a per-process counter: req-1 on every node).
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: 1024 * 1024,
    // A URL fastify's router cannot read: a Russian 400/414 like every other refusal.
    frameworkErrors,
    // A graceful stop closes idle kept-alive connections itself, after a moment (close() below): at the
    // instant of the signal a connection whose request has arrived but is not yet read looks idle, and
    // closing it then resets a request the client had sent.
    forceCloseConnections: false,
  });
  redisError = (client, e) => app.log.warn({ err: String(e), client }, 'redis client error (it reconnects by itself)');
  // While stopping, every answer ends its connection, so a gateway's kept-alive connection does not hold
  // a stopping node (a request that still comes on it is answered 503 by fastify, also with «close»).
  let stopping = false;
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  await app.register(fastifyCookie);
  if (loggers) installRequestLog(app, loggers.requests);
  const metrics = createMetrics({ processMetrics: options.processMetrics });
  // Every text answer compressed: brotli when the client accepts it, else gzip (JSON, the shell's
  // index). Built assets come precompressed from disk (platform/static.ts), so nothing big is
  // compressed per request; an answer that already has a Content-Encoding is left alone.
  await app.register(fastifyCompress, { encodings: [...RESPONSE_ENCODINGS], threshold: 1024 });
  // Security headers and the CSRF check of cookie-signed writes, before any route.
  await registerSecurity(app);

  const realtime = createRealtime(app.server, rawDb, redis && { pub: redis.pub, sub: redis.sub, namespace: redisNamespace }, {
    info: (o, m) => app.log.info(o, m),
    debug: (o, m) => app.log.debug(o, m),
  });
  installMetrics(app, metrics, () => realtime.io.of('/').sockets.size);
  // Redis back after it was away: this node's sockets stayed connected but missed what the other nodes sent
  // them meanwhile. Each is closed as a lost connection (as at a graceful stop), so its client reconnects and
  // runs its catch-up — the chat re-reads after its last message, the counters are asked again.
  if (redis) bus.onMissed(() => realtime.dropConnections());
  // What /ready asks (platform/health.ts): the database, Redis when configured, the file storage.
  const readiness = createReadiness();
  readiness.add(databaseCheck(rawDb));
  if (redis) readiness.add(redisCheck(redis.main));
  // The one file store of uploads and media (a folder, the S3 bucket, or the database's table): reachable, and a folder takes a write.
  readiness.add({ name: 'storage', run: () => files.check() });
  // A stopping node is not ready: the gateway and compose's healthcheck stop sending it work (close()).
  readiness.add({
    name: 'stopping',
    run: async () => {
      if (stopping) throw new Error('the node is stopping');
    },
  });
  const ctx: AppContext = {
    db,
    rt: realtime,
    sessions,
    reference,
    unread,
    loginLimiter: {
      address: createRateLimiter({ ...(options.loginAddressRateLimit ?? { max: 30, windowMs: 60_000 }), redis: redis?.main ?? null, namespace: options.rateLimitNamespace }),
      account: createRateLimiter({ ...(options.loginRateLimit ?? { max: 10, windowMs: 60_000 }), redis: redis?.main ?? null, namespace: options.rateLimitNamespace }),
    },
    sessionIdleMinutes: options.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES,
    demoInsurerDelayMs: options.demoInsurerDelayMs ?? envNumber('DEMO_INSURER_DELAY_MS') ?? null,
    demoInsurerFaults: options.demoInsurerFaults ?? parseDemoInsurerFaults(process.env.DEMO_INSURER_FAULTS),
    demoMode,
    releaseRetry: { afterMs: options.releaseRetry?.afterMs ?? envNumber('RELEASE_RETRY_AFTER_MS'), everyMs: options.releaseRetry?.everyMs ?? envNumber('RELEASE_RETRY_EVERY_MS') },
    paymentSecrets,
    oysterAppToken: options.oysterAppToken !== undefined ? options.oysterAppToken : process.env.OYSTER_APP_TOKEN || null,
    legacyLoginUrl: options.legacyLoginUrl ?? null,
    secureCookies: !!options.secureCookies,
    files,
    media,
    staticRoot: options.staticRoot,
    readiness,
    metrics,
  };

  // Platform first: errors, sign-in by default (before any route), the auth and public routes.
  installErrorHandler(app);
  const routes = signInByDefault(app, sessions);
  // Request validation: JSON bodies (prototype keys removed, depth bounded), declared input and access.
  installJsonBody(app);
  const operations = declaredRoutes(app);
  openApiRoute(app, operations);
  authRoutes(app, ctx);
  publicRoutes(app, ctx);
  healthRoutes(app, readiness, options.readyTimeoutMs ?? envNumber('READY_CHECK_TIMEOUT_MS') ?? DEFAULT_READY_TIMEOUT_MS);
  metricsRoute(app, metrics);
  backupRoutes(app, ctx);
  // Then every domain registers its own routes.
  for (const domain of domains) await domain.register(app, ctx);
  // Stored files no row names (platform/orphans.ts), on one node at a time.
  const sweepEveryMs = options.orphanSweepEveryMs ?? (envNumber('FILES_ORPHAN_SWEEP_MINUTES') ?? DEFAULT_ORPHAN_SWEEP_MINUTES) * 60_000;
  const graceMs = options.orphanGraceMs ?? (envNumber('FILES_ORPHAN_GRACE_HOURS') ?? DEFAULT_ORPHAN_GRACE_HOURS) * 3_600_000;
  if (sweepEveryMs > 0) {
    runPeriodically(app, 'orphan files sweep', sweepEveryMs, orphanSweep(rawDb, files, fileReferences(domains), graceMs, { info: (o, m) => app.log.info(o, m), warn: (o, m) => app.log.warn(o, m) }));
  }
  const { shellIndex } = await registerStatic(app, options.staticRoot ?? process.cwd(), media);
  registerLoginPage(app, {
    root: options.staticRoot ?? process.cwd(),
    legacyLoginUrl: ctx.legacyLoginUrl,
    signedIn: async (req) => !!(await sessions.resolve(req.cookies?.[TOKEN_COOKIE])),
  });

  app.setNotFoundHandler((req, reply) => {
    const path = requestPath(req.url);
    // History fallback: client-side routes under /app/ get the shell; real files were served already.
    // /chat/{chatId} is the shell too, in frame mode (the chat button's embedded frame, §2).
    if (shellIndex && req.method === 'GET' && (path === '/app' || path.startsWith('/app/') || isChatFramePath(path)) && !/\.[a-z0-9]{1,6}$/i.test(path)) {
      return sendShellIndex(reply, shellIndex);
    }
    return reply.code(404).send({ message: ERROR_TEXTS.notFound });
  });

  await app.ready();
  app.log.info(chosen.note);
  for (const m of mediaMoves) app.log.info(m);
  if (movedMedia.failed) app.log.warn(`media: ${movedMedia.failed} file(s) could not be moved to ${files.where} and are served from ${media.legacyDir}`);
  // Files still in the database's bytea columns (written before migration 36) move to the store.
  const moved = await moveFilesToStore(rawDb, files, { log: (m) => app.log.info(m) });
  if (moved.failed) app.log.warn(`files: ${moved.failed} file(s) could not be moved to ${files.where} and stay in the database`);

  let closed = false;
  return {
    app,
    io: realtime.io,
    db,
    sessions,
    reference,
    unread,
    realtime,
    files,
    media,
    routes,
    operations,
    readiness,
    settled: () => firstRunsSettled(app),
    get stopping() {
      return stopping;
    },
    async close({ graceMs = 0 }: { graceMs?: number } = {}) {
      if (closed) return;
      closed = true;
      // A graceful stop: fastify stops listening at once, closes idle kept-alive connections, answers a
      // request that still comes on a busy one 503 with «Connection: close», and waits for the requests in
      // flight; the sockets are dropped as lost transports so their clients reconnect (to another node).
      // Only then the realtime server, the bus, Redis and the database close, so a request finishing late
      // still has them (bench/drill-graceful-stop.mjs).
      stopping = true;
      realtime.dropConnections();
      // Node's server.close() closes the connections it sees idle at that instant, and a connection whose
      // request bytes have arrived but are not read yet looks idle: a stop under load would reset requests
      // clients had sent. A moment of grace first (answers already say «close», /ready says 503 so the
      // gateway sends new work elsewhere) lets those requests be read.
      if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
      const draining = app.close().catch(() => undefined);
      realtime.dropConnections();
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      await draining;
      clearInterval(idleSweep);
      await realtime.close();
      await bus.close();
      // A connected client finishes what it was sent. One whose Redis is away gets a moment to reconnect, then
      // is dropped (its QUIT would wait in the offline queue for a Redis that may never come back and hold the
      // stop); what was still queued on it is refused then (DisconnectsClientError).
      if (redis) {
        await Promise.all(
          [redis.main, redis.pub, redis.sub].map(async (c) => {
            for (let waited = 0; !c.isReady && c.isOpen && waited < REDIS_STOP_WAIT_MS; waited += 100) await new Promise((r) => setTimeout(r, 100));
            if (c.isReady) await c.close().catch(() => undefined);
            else if (c.isOpen) c.destroy();
          }),
        );
      }
      if (!options.files) await files.close?.();
      if (ownDb) await db.close();
    },
  };
}
