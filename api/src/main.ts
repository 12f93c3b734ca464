import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { logLevelFrom } from './platform/logging.js';
import { createApp } from './app.js';
import { trustProxyFrom } from './platform/security.js';
import { ConfigError, demoModeFrom } from './platform/config.js';
import { DEMO_INSURERS } from './sales/insurers/demo.js';
import { paymentSecretsFromEnv } from './sales/payments/secrets.js';
import { s3SettingsFrom, type S3Settings } from './platform/storage.js';

// The bundle lives in api/dist and the source in api/src: both are two levels below the repo root.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const env = process.env;
const databaseUrl = env.DATABASE_URL || undefined;
const dataDir = env.DATA_DIR || resolve(repoRoot, '.data', 'pglite');
// Demo data by default with the embedded database; on a real server only when asked.
const seedDemo = env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl;

/** A setting that would make the api unsafe stops it, saying which variable to set (exit 78, EX_CONFIG). */
function refuseToStart(e: unknown): never {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(`Oyster api not started: ${e.message}\n`);
  process.exit(78);
}

let demoMode = false;
let paymentSecrets: Record<string, string> = {};
let s3: S3Settings | null = null;
try {
  demoMode = demoModeFrom(env);
  s3 = s3SettingsFrom(env);
  paymentSecrets = paymentSecretsFromEnv(DEMO_INSURERS.map((i) => i.code), env);
} catch (e) {
  refuseToStart(e);
}

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });

const oyster = await createApp({
  databaseUrl,
  dataDir,
  redisUrl: env.REDIS_URL || undefined,
  seedDemo,
  demoMode,
  paymentSecrets,
  staticRoot: env.STATIC_ROOT || repoRoot,
  mediaDir: env.MEDIA_DIR || undefined,
  // Uploaded files (platform/storage.ts): S3 when S3_BUCKET is set, else FILES_DIR, else the server
  // database (DATABASE_URL), else <DATA_DIR>-files beside the embedded database.
  s3,
  filesDir: env.FILES_DIR || null,
  legacyLoginUrl: env.LEGACY_LOGIN_URL || null,
  loginRateLimit: env.LOGIN_RATE_LIMIT ? { max: Number(env.LOGIN_RATE_LIMIT), windowMs: 60_000 } : undefined,
  loginAddressRateLimit: env.LOGIN_RATE_LIMIT_ADDRESS ? { max: Number(env.LOGIN_RATE_LIMIT_ADDRESS), windowMs: 60_000 } : undefined,
  sessionIdleMinutes: env.SESSION_IDLE_MINUTES ? Number(env.SESSION_IDLE_MINUTES) : undefined,
  secureCookies: env.COOKIE_SECURE === '1',
  trustProxy: trustProxyFrom(env.TRUST_PROXY),
  logger: true,
  logLevel: logLevelFrom(env.LOG_LEVEL),
  // This process's CPU, memory, GC and event loop at /metrics: the one app of the process collects them.
  processMetrics: true,
}).catch(refuseToStart);

const port = Number(env.PORT || 8080);
const host = env.HOST || '0.0.0.0';
await oyster.app.listen({ port, host });
oyster.app.log.info(`Oyster api on http://${host}:${port} (${databaseUrl ? 'PostgreSQL' : `PGlite ${dataDir}`}${env.REDIS_URL ? ', Redis' : ''})`);
if (demoMode) {
  oyster.app.log.warn(
    'DEMO MODE (DEMO_MODE=1): insurers without PAYMENT_SECRET_<CODE> sign payments with the public demo secrets, and the demo payment page /pay/{token} is on. Never take real money this way.',
  );
}

/** How long SIGTERM waits for the requests in flight before the process ends anyway. */
const SHUTDOWN_TIMEOUT_MS = Number(env.SHUTDOWN_TIMEOUT_MS) || 25_000;
/** How long a stopping node keeps reading requests that already arrived before it stops listening (app.ts close()). */
const SHUTDOWN_GRACE_MS = env.SHUTDOWN_GRACE_MS !== undefined ? Number(env.SHUTDOWN_GRACE_MS) : 1_000;
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    // Bounded: a request that never ends must not keep a stopping node up (compose's stop_grace_period is longer).
    const bound = setTimeout(() => {
      oyster.app.log.warn(`not drained within ${SHUTDOWN_TIMEOUT_MS} ms: stopping anyway`);
      process.exit(0);
    }, SHUTDOWN_TIMEOUT_MS);
    bound.unref();
    await oyster.close({ graceMs: SHUTDOWN_GRACE_MS });
    process.exit(0);
  });
}
