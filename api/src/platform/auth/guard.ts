import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Access, SessionUser } from '@oyster/shared-kit/domain';
import { TOKEN_COOKIE } from './sessions.js';
import type { SessionCache } from './session-cache.js';
import type { UserRow } from './users.js';
import { forbidden, unauthorized } from '../errors.js';

export interface Authed {
  sessionId: string;
  token: string;
  row: UserRow;
  user: SessionUser;
  /** The §6 flags from shared-kit — the same ones the sidebar reads. */
  can: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in (login, logout, remotes manifest, config). Every other api route signs in. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user: set on every api route that is not `config.public` before its handler runs. */
    me: Authed;
  }
}

/**
 * Token from the `x-api-token` header or the session cookie — never from the URL: a token in a URL
 * ends up in logs, history and Referer headers. The one route that takes a token from the query is
 * the sign-in-by-token landing (auth/routes.ts), which swaps it for the cookie at once.
 */
export function tokenFrom(req: FastifyRequest): { token: string | null; via: 'header' | 'cookie' | null } {
  const header = req.headers['x-api-token'];
  if (typeof header === 'string' && header) return { token: header, via: 'header' };
  const cookie = req.cookies?.[TOKEN_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  return { token: null, via: null };
}

/**
 * The session behind the request's token, or 401 «Вы не авторизованы». Through the session cache
 * (session-cache.ts): no database round trip while the session's entry is fresh; `user`, `row` and
 * `can` are shared, frozen objects.
 */
export async function authenticate(sessions: SessionCache, req: FastifyRequest): Promise<Authed> {
  const { token } = tokenFrom(req);
  const s = token ? await sessions.resolve(token) : null;
  if (!s || !token) throw unauthorized();
  return { sessionId: s.sessionId, token, row: s.row, user: s.user, can: s.can };
}

/** 403 unless the shared-kit predicate allows it. */
export function ensure(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

/**
 * Paths the sign-in default covers: the REST api, the suggestion gateway and the Prometheus metrics
 * (administrators only, platform/metrics.ts). Static files, /health, /healthz and /ready are outside.
 */
export const SIGNED_IN_PREFIXES = ['/api/v2', '/suggest', '/metrics'] as const;
/** True for a URL (or route pattern) under the api's prefixes; the query string is not part of the path. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return SIGNED_IN_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Rounds of decoding requestPath does: `%2561` is two; nothing real nests deeper. */
const DECODE_ROUNDS = 4;

/**
 * A request's path as any reader of it could take it — fastify's router decodes `%61pi` to `api`, a
 * gateway may decode once more, merge slashes: ASCII escapes decoded (the slash `%2F` too, again for a
 * double-encoded `%252F`), repeated slashes as one, no query. For the decisions about a request that
 * matched no route (its answer's headers, the CSRF rule, the shell's history fallback): the prefixes
 * are ASCII, so a non-ASCII escape is left as it is and nothing here can throw.
 */
export function requestPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0];
  for (let round = 0; round < DECODE_ROUNDS && path.includes('%'); round++) {
    const decoded = path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded.split(/[?#]/, 1)[0];
  }
  return path.replace(/\/{2,}/g, '/');
}

/**
 * Whether a request is the api's: by the route it matched — its registered pattern, the code that
 * will run, whatever the URL's spelling (`/%61pi/v2/…` is routed to `/api/v2/…`) — or, when it
 * matched none, by its requestPath in any letter case (a 404 under the api is the api's answer).
 * Every decision «api or page» (headers, CSRF) asks this, never the raw URL.
 */
export function isApiRequest(req: FastifyRequest): boolean {
  if (!req.is404) return isApiPath(req.routeOptions.url ?? '');
  return isApiPath(requestPath(req.url).toLowerCase());
}

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
}

/**
 * Sign-in is the default: every route under SIGNED_IN_PREFIXES registered after this call gets an
 * onRequest hook that authenticates the caller (401 before anything else runs) and sets `req.me`.
 * A route opts out only with `{ config: { public: true } }`. Answers the list of api routes as they
 * are registered (the sign-in test walks it).
 */
export function signInByDefault(app: FastifyInstance, sessions: SessionCache): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.decorateRequest('me', null as unknown as Authed);
  const signIn: onRequestHookHandler = async (req) => {
    req.me = await authenticate(sessions, req);
  };
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const isPublic = route.config?.public === true;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: isPublic });
    if (isPublic) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [signIn, ...own];
  });
  return routes;
}
