import type { Db } from '../db/index.js';
import type { Realtime } from '../realtime.js';
import type { RateLimiter } from '../auth/rate-limit.js';

/** What every route module gets from createApp. */
export interface RouteContext {
  db: Db;
  rt: Realtime;
  loginLimiter: RateLimiter;
  legacyLoginUrl: string | null;
  /** Secure cookies only behind https; local runs are plain http. */
  secureCookies: boolean;
  /** Folder served at /media/ (uploads, banners, course files). */
  mediaDir: string;
}
