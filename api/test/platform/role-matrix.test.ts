// @zone-independent: who may call each route. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { DEMO_ACCOUNT_KEYS, access, type Access, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, FORBIDDEN, call, startSignedIn, type SignedInApp } from '../support';

/**
 * The role matrix, generated from the routes' declared access (platform/routes.ts, `x-access` in
 * the OpenAPI document): every signed-in api route × the eleven demo accounts. A route gated by a
 * flag answers 403 «Нет доступа к данному ресурсу» exactly to the accounts whose signed-in user
 * lacks that flag (`access()` of shared-kit, the same function the sidebar reads); a route open to
 * anyone signed in answers no account 403. The request is minimal (a well-formed id, an empty body):
 * the access check comes before validation, so a permitted account gets its 200/400/404, never 403.
 * A new route is in the matrix without a line here.
 */
// Routes that still check access in their handler (until they declare it): their flag, by hand.
const PENDING_ACCESS: Record<string, keyof Access> = {};
const PARAM_VALUES: Record<string, string> = { type: 'origin', name: 'x', suggest: 'fio' };
const pathOf = (url: string) => url.replace(/:(\w+)/g, (_, n: string) => PARAM_VALUES[n] ?? '0123456789abcdef01234567');

describe.each(BACKENDS)('role matrix from the declared access ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const can = {} as Record<DemoAccountKey, Access>;
  beforeAll(async () => {
    r = await startSignedIn(backend, DEMO_ACCOUNT_KEYS);
    for (const key of DEMO_ACCOUNT_KEYS) can[key] = access((await r.req(key, 'GET', '/api/v2/auth/get-user')).body.user);
  });
  afterAll(() => r.stop());

  test('every signed-in route × every demo account: 403 exactly when the access flag is missing', async () => {
    const ops = r.oyster.operations.filter((o) => o.access !== 'public');
    const flagOf = (o: (typeof ops)[number]): keyof Access | undefined => (o.access === 'signed-in' || o.access === 'public' ? PENDING_ACCESS[`${o.method} ${o.url}`] : o.access);
    expect(ops.length).toBeGreaterThan(40);
    const seen: string[] = [];
    const expected: string[] = [];
    let gated = 0;
    for (const op of ops) {
      const route = `${op.method} ${op.url}`;
      const flag = flagOf(op);
      if (flag) gated++;
      // The eleven accounts at once per route (2,000-odd calls one by one outlasted the timeout on a loaded machine).
      const answers = await Promise.all(DEMO_ACCOUNT_KEYS.map((key) => call(r.url, op.method, pathOf(op.url), { token: r.tokens[key], ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }) })));
      for (const [i, key] of DEMO_ACCOUNT_KEYS.entries()) {
        const res = answers[i];
        const denied = !!flag && !can[key][flag];
        seen.push(`${route} ${key}: ${res.status === 403 ? `403 ${res.body?.message}` : res.status >= 500 ? res.status : 'allowed'}`);
        expected.push(`${route} ${key}: ${denied ? `403 ${FORBIDDEN.message}` : 'allowed'}`);
      }
    }
    expect(seen).toEqual(expected);
    console.log(`role matrix (${backend.name}): ${ops.length} routes (${gated} gated by a flag) × ${DEMO_ACCOUNT_KEYS.length} accounts = ${seen.length} requests`);
    // Every flag the routes use denies someone and allows someone: a matrix that proves something.
    for (const flag of new Set(ops.map(flagOf).filter((f): f is keyof Access => !!f))) {
      const allowed = DEMO_ACCOUNT_KEYS.filter((k) => can[k][flag]).length;
      expect({ flag, someAllowed: allowed > 0, someDenied: allowed < DEMO_ACCOUNT_KEYS.length }).toEqual({ flag, someAllowed: true, someDenied: true });
    }
  }, 180_000);
});
