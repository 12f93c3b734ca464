import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from './db.js';
import type { Realtime } from './realtime.js';
import type { RateLimiter } from './auth/rate-limit.js';
import type { Readiness } from './health.js';
import type { Metrics } from './metrics.js';
import type { FileStore } from './storage.js';
import type { MediaFiles } from './media-files.js';
import type { FileReferences } from './orphans.js';

/** What every domain's index gets from createApp. */
export interface AppContext {
  db: Db;
  rt: Realtime;
  /** Sign-in attempts: per client address and per account (email); both must allow an attempt. */
  loginLimiter: { address: RateLimiter; account: RateLimiter };
  /**
   * DEMO_MODE: the demo conveniences that must never face real money are on (the demo insurers'
   * built-in payment secrets, their payment page). platform/config.ts.
   */
  demoMode: boolean;
  /** Minutes without use after which a session without rememberMe ends (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  legacyLoginUrl: string | null;
  /** Secure cookies only behind https; local runs are plain http. */
  secureCookies: boolean;
  /** Where uploaded files live (platform/storage.ts: a folder, S3, or the server database). */
  files: FileStore;
  /** The files served at /media/ (uploads, banners, course files): the file store's `media/` (platform/media-files.ts). */
  media: MediaFiles;
  /** Repository root as given to createApp (shell/dist, remote-* /dist, api/data are looked for under it). */
  staticRoot: string | undefined;
  /** The checks /ready walks (platform/health.ts); a part that needs something to serve adds its own. */
  readiness: Readiness;
  /** Prometheus metrics (platform/metrics.ts): login failures, and the queues a domain reports with `queueDepth`. */
  metrics: Metrics;
}

/** What the demo seed of one domain gets: the one password hash and the demo users' ids by key. */
export interface DemoSeed {
  passwordHash: string;
  /** Filled by people's seed: account key (DEMO_ACCOUNTS keys, manager2, agent0…) → user id. */
  users: Record<string, string>;
}

/** A domain of the api: its folder's index.ts exports one. */
export interface Domain {
  name: string;
  /** Registers the domain's routes (signed in by default; see platform/auth/guard.ts). */
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Demo rows for an empty database, inside the one seeding transaction, in DOMAINS order. */
  seed?(q: Queryable, demo: DemoSeed): Promise<void>;
  /** Demo content with its own once-per-database marker, run on every demo start after the rows (learning). */
  seedContent?(db: Db, opts: { media: MediaFiles | null }): Promise<boolean>;
  /** The stored files this domain's rows name (platform/orphans.ts): a file under the prefix named by no one is swept. */
  fileReferences?: readonly FileReferences[];
}
