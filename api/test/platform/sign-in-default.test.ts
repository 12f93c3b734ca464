// @zone-independent: every route refuses without a token. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import type { Domain } from '../../src/platform/context';
import { DOMAINS } from '../../src/domains';
import { BACKENDS, call, signIn, start, type Running } from '../support';

/**
 * Sign-in is the default (platform/auth/guard.ts): every route under /api/v2 and /suggest answers
 * 401 «Вы не авторизованы» without a token unless it says `config: { public: true }`. The walk below
 * covers every route of every domain as registered — so also every route a future domain adds —
 * and a probe domain shows that a brand-new route is signed in without doing anything.
 */
const UNAUTHORIZED = { message: 'Вы не авторизованы' };
const PUBLIC = [
  'POST /api/v2/auth/login/',
  'POST /api/v2/auth/logout',
  // Sign-in by token: swaps the link's token for the cookie (auth.test.ts).
  'GET /api/v2/auth/sign-in-by-token',
  'GET /api/v2/remotes-manifest',
  'GET /api/v2/config',
  // The api's contract (platform/openapi.ts).
  'GET /api/v2/openapi.json',
  'GET /api/v2/probe/open',
  // Insurers' payment callbacks: no session, a signature instead (sales contracts.test.ts).
  'POST /api/v2/payments/callback/:companyCode',
  // Oyster.app's backend: no session, its bearer token instead (communications client-chats.test.ts).
  'PUT /api/v2/oyster-app/clients/:appClientId',
  'GET /api/v2/oyster-app/clients/:appClientId/messages',
  // A one-time password link (an invitation, a reset): its holder has no session yet; the token is the key (people agents-network.test.ts).
  'GET /api/v2/auth/password-link/:token',
  'POST /api/v2/auth/password-link/:token',
  'POST /api/v2/oyster-app/clients/:appClientId/messages',
  'POST /api/v2/oyster-app/clients/:appClientId/read',
  'POST /api/v2/oyster-app/clients/:appClientId/files',
  'GET /api/v2/oyster-app/clients/:appClientId/files/:fileId',
];

const probe: Domain = {
  name: 'probe',
  register(app) {
    app.get('/api/v2/probe/secret', async (req) => ({ email: req.me.user.email }));
    app.post('/api/v2/probe/:id/things', async (req) => ({ id: (req.params as { id: string }).id, by: req.me.user._id }));
    app.get('/api/v2/probe/open', { config: { public: true } }, async (req) => ({ open: true, me: req.me ?? null }));
  },
};

/** A concrete path for a route pattern: params get a well-formed id, wildcards a name. */
const pathOf = (url: string) => url.replace(/:\w+/g, '0123456789abcdef01234567').replace(/\*/g, 'x');

describe.each(BACKENDS)('sign-in by default ($name)', (backend) => {
  let r: Running;
  beforeAll(async () => {
    r = await start(backend, { domains: [...DOMAINS, probe] });
  });
  afterAll(() => r.stop());

  test('only login, logout, sign-in by token, the remotes manifest, config, the signed payment callback, Oyster.app’s token-held integration and the one-time password link are public', () => {
    const routes = r.oyster.routes.filter((x) => x.method !== 'HEAD');
    expect(routes.filter((x) => x.public).map((x) => `${x.method} ${x.url}`).sort()).toEqual([...PUBLIC].sort());
    // Every domain is in the walk.
    for (const prefix of ['/api/v2/auth/get-user', '/api/v2/init-state', '/api/v2/agents/', '/api/v2/users/', '/api/v2/get-info-payments/', '/api/v2/posts/', '/api/v2/academy/', '/api/v2/banners', '/api/v2/uploads', '/suggest/', '/api/v2/probe/secret']) {
      expect({ prefix, found: routes.some((x) => x.url.startsWith(prefix)) }).toEqual({ prefix, found: true });
    }
  });

  test('every other api route answers 401 «Вы не авторизованы» without a token', async () => {
    const closed = r.oyster.routes.filter((x) => !x.public);
    expect(closed.length).toBeGreaterThan(40);
    for (const route of closed) {
      const res = await call(r.url, route.method, pathOf(route.url), route.method === 'GET' || route.method === 'HEAD' ? {} : { body: {} });
      const seen = { route: `${route.method} ${route.url}`, status: res.status, body: route.method === 'HEAD' ? UNAUTHORIZED : res.body };
      expect(seen).toEqual({ route: seen.route, status: 401, body: UNAUTHORIZED });
    }
  });

  test('a junk or revoked token is no better than none', async () => {
    expect((await call(r.url, 'GET', '/api/v2/probe/secret', { token: 'f'.repeat(64) })).body).toEqual(UNAUTHORIZED);
    const token = await signIn(r.url, 'agent');
    await call(r.url, 'POST', '/api/v2/auth/logout', { token });
    expect((await call(r.url, 'GET', '/api/v2/probe/secret', { token })).status).toBe(401);
  });

  test('a brand-new route is signed in by default and its handler gets req.me; a public one opens', async () => {
    const token = await signIn(r.url, 'owner');
    expect(await call(r.url, 'GET', '/api/v2/probe/secret', { token })).toMatchObject({ status: 200, body: { email: 'owner@oyster.test' } });
    const posted = await call(r.url, 'POST', '/api/v2/probe/abc/things', { token, body: {} });
    expect(posted).toMatchObject({ status: 200, body: { id: 'abc', by: expect.stringMatching(/^[0-9a-f]{24}$/) } });
    expect(await call(r.url, 'GET', '/api/v2/probe/open')).toMatchObject({ status: 200, body: { open: true, me: null } });
    // Outside the api: health and unknown paths are not turned into 401.
    expect((await call(r.url, 'GET', '/healthz')).body).toEqual({ ok: true });
    expect((await call(r.url, 'GET', '/health')).body).toEqual({ ok: true });
    expect((await call(r.url, 'GET', '/ready')).status).toBe(200);
    // The metrics are not public: signed in like the api (administrators only, platform/metrics.ts).
    expect((await call(r.url, 'GET', '/metrics')).status).toBe(401);
    expect((await call(r.url, 'GET', '/api/v2/no-such-thing')).status).toBe(404);
  });
});
