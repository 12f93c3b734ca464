import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { configuredOrigins, isOwnOrigin, remoteOrigins } from './origins.js';
import { HttpError } from './errors.js';
import { TOKEN_COOKIE } from './auth/sessions.js';
import { isApiRequest, requestPath } from './auth/guard.js';

/**
 * The browser-facing defences every response gets, in one place:
 * - headers (helmet) of pages: a Content-Security-Policy naming only our own origins (self and the remotes'
 *   hosts), frame-ancestors 'none', nosniff, Referrer-Policy no-referrer, HSTS over https (api answers get
 *   the shorter, stricter API_HEADERS). Built once
 *   at start: @fastify/helmet rebuilt it, CSP parsing included, on every request (about a tenth of
 *   the api's CPU under load), and its values worked out once per Host and replayed;
 * - CSRF: a write authenticated by the session cookie (not by the x-api-token header, which another
 *   site cannot send) must come from one of our origins and, when it is a POST, carry JSON or multipart.
 * Media files get their own, stricter headers in static.ts (MEDIA_CSP, attachment for documents).
 */

export const CSRF_TEXT = 'Запрос отклонён: он отправлен не со страницы платформы';
export const CSRF_CONTENT_TYPE_TEXT = 'Запрос отклонён: ожидается JSON или файл';

/** The CSP of the shell, the remotes and the api (directive → sources); ws(s) of the request's own host for the socket. */
export function contentSecurityPolicy(env: NodeJS.ProcessEnv = process.env) {
  const remotes = remoteOrigins(env);
  const ownSockets = (req: IncomingMessage) => {
    const host = String(req.headers.host ?? '').replace(/[^A-Za-z0-9.:[\]-]/g, '');
    return host ? `ws://${host} wss://${host}` : "'self'";
  };
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...remotes],
      // antd (cssinjs) injects <style> elements at run time, and index.html has its boot styles inline.
      styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
      // Banners and course covers may be https:// pictures (platform/sanitize.ts isSafeImageUrl).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:', ...remotes],
      connectSrc: ["'self'", (req: IncomingMessage) => ownSockets(req), ...remotes],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // The chat's embedded frame (§2: the app frames its own /chat/{chatId}); nothing else.
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'anonymous': a write made without a session (login), checked whatever cookies it carries: a
     * browser's cross-site request is refused (login CSRF) and a POST must be JSON; a client that is
     * not a browser (no Origin, no Sec-Fetch-Site) passes.
     */
    csrf?: 'anonymous';
  }
}

/** The chat's frame page (§2 `/chat/{chatId}`, `/chat/null` for support): the shell in frame mode. Asked with requestPath. */
export const isChatFramePath = (path: string): boolean => /^\/chat\/[^/?#]+$/.test(path);

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the request is signed in by the session cookie alone (no x-api-token header). */
export function cookieAuthenticated(req: FastifyRequest): boolean {
  const header = req.headers['x-api-token'];
  if (typeof header === 'string' && header) return false;
  return !!req.cookies?.[TOKEN_COOKIE];
}

/**
 * The CSRF rule for one request: null when it may go on, else the refusal's text. Only writes
 * (POST, PUT, PATCH, DELETE) to the api (isApiRequest: by the matched route, not the URL's spelling)
 * that the cookie signs in are checked: the Origin must be
 * ours; without an Origin, Sec-Fetch-Site must be same-origin (or none: typed by the user); a POST —
 * the one write an HTML form or a no-cors fetch can send — must be JSON or multipart. Login
 * (`config.csrf: 'anonymous'`) has no session to ride on, so it is checked whatever its cookies:
 * refused when a browser says it comes from another site, and JSON only.
 */
export function csrfRefusal(req: FastifyRequest, allowed: readonly string[], api = isApiRequest(req)): string | null {
  if (!UNSAFE_METHODS.has(req.method) || !api) return null;
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (req.routeOptions?.config?.csrf === 'anonymous') {
    if (origin !== undefined ? !isOwnOrigin(origin, req.headers.host, allowed) : site !== undefined && site !== 'same-origin' && site !== 'none') return CSRF_TEXT;
  } else {
    if (!cookieAuthenticated(req)) return null;
    if (origin !== undefined) {
      if (!isOwnOrigin(origin, req.headers.host, allowed)) return CSRF_TEXT;
    } else if (site !== 'same-origin' && site !== 'none') return CSRF_TEXT;
  }
  if (req.method === 'POST') {
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && type !== 'multipart/form-data') return CSRF_CONTENT_TYPE_TEXT;
  }
  return null;
}

/**
 * The headers of an api answer (JSON, a file download, a redirect): nothing in it is a page, so no
 * resource may load from it and nothing may frame it (OWASP's REST headers). Five fixed headers
 * instead of the pages' twelve, the same for every Host, kept as one list.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Resource-Policy', 'same-site'],
];

/** How many Host values keep their worked-out security headers. */
const HEADER_CACHE_HOSTS = 64;

interface HeaderOps {
  set: [string, string | number | readonly string[]][];
  removed: string[];
}

/** What helmet does to a response for this request, recorded (helmet runs its middlewares synchronously). */
export function helmetHeaders(run: ReturnType<typeof helmet>, req: IncomingMessage): HeaderOps {
  const ops: HeaderOps = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      ops.set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      ops.removed.push(name);
    },
  };
  let failed: unknown = null;
  run(req, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return ops;
}

export async function registerSecurity(app: FastifyInstance, opts: { env?: NodeJS.ProcessEnv } = {}) {
  const env = opts.env ?? process.env;
  const headers = helmet({
    contentSecurityPolicy: contentSecurityPolicy(env),
    // Set below, only when the request came over https (directly or through a trusted gateway).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    xContentTypeOptions: true,
    // The remotes are public code other origins of ours load (static.ts lets them cross origins).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet rebuilds every header value on each call (the CSP's connect-src names the request's own
  // host); the values depend on nothing else, so they are worked out once per Host and replayed — a
  // few per cent of an authenticated GET's CPU. The map is bounded: Host comes from the client.
  const byHost = new Map<string, HeaderOps>();
  const allowed = configuredOrigins(env);
  // One synchronous hook for the headers, HSTS and the CSRF check: each hook fastify runs is a step
  // of every request, and an async one a promise more.
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    const api = isApiRequest(req);
    if (api) {
      for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    } else {
      const host = String(req.raw.headers.host ?? '');
      let ops = byHost.get(host);
      if (!ops) {
        ops = helmetHeaders(headers, req.raw);
        if (byHost.size < HEADER_CACHE_HOSTS) byHost.set(host, ops);
      }
      for (const name of ops.removed) res.removeHeader(name);
      for (const [name, value] of ops.set) res.setHeader(name, value);
      // The chat page is framed by the app itself (same origin), and by nothing else.
      if (isChatFramePath(requestPath(req.url))) {
        res.setHeader('Content-Security-Policy', String(res.getHeader('Content-Security-Policy')).replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
        res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      }
    }
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const refusal = csrfRefusal(req, allowed, api);
    done(refusal ? new HttpError(403, refusal) : undefined);
  });
}

/**
 * TRUST_PROXY as fastify's trustProxy: unset/empty/0 → off; a number → that many hops in front of
 * the api (compose: 1, the gateway); otherwise a comma-separated list of proxy addresses or CIDRs.
 */
export function trustProxyFrom(value: string | undefined): number | string[] | false {
  const v = (value ?? '').trim();
  if (!v || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * fastify's trustProxy for a setting: a number n believes exactly the n hops nearest the api (the
 * socket's peer and the last n-1 X-Forwarded-For entries; the next entry to the left is the client,
 * whatever the client itself put further left). fastify 5 treats a bare number as "trust nothing",
 * so hops are given as a function. Addresses/CIDRs go through as a list.
 */
export function fastifyTrustProxy(v: number | string[] | false | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (!v) return false;
  if (typeof v === 'number') return (_address, hop) => hop < v;
  return v;
}
