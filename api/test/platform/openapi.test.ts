// @zone-independent: the api document. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, start, type Running } from '../support';

/**
 * The OpenAPI 3.1 document (platform/openapi.ts) is public, valid by the OpenAPI 3.1 schema, and
 * lists every api route the app registered with its access rule and error answers; domain routes
 * declare their input (platform/routes.ts), so their parameters and bodies are in it.
 */
// Routes that still validate inside their handler (to adopt `route()`; see platform/routes.ts).
const PENDING: string[] = [];
// Platform routes (auth, public config, the document itself) are outside the domains' declarations.
const isPlatform = (url: string) => /^\/api\/v2\/(auth\/|remotes-manifest|config|openapi\.json)/.test(url);

describe('OpenAPI document', () => {
  let r: Running;
  let doc: any;
  beforeAll(async () => {
    r = await start({});
    const res = await call(r.url, 'GET', '/api/v2/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => r.stop());

  test('validates against the OpenAPI 3.1 schema', async () => {
    // The validator is ESM only and the tests run as CommonJS: it checks the document in a child node.
    const file = join(mkdtempSync(join(tmpdir(), 'oyster-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const script = `import { Validator } from '@seriousme/openapi-schema-validator';
      const v = new Validator(); const r = await v.validate(${JSON.stringify(file)});
      console.log(JSON.stringify({ valid: r.valid, version: v.version, errors: r.errors ?? null }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(__dirname, '../..'), encoding: 'utf8' });
    const result = JSON.parse(out);
    if (!result.valid) console.log(JSON.stringify(result.errors, null, 2).slice(0, 4000));
    expect({ valid: result.valid, version: result.version }).toEqual({ valid: true, version: '3.1' });
  });

  test('every registered api route is an operation with its access, security and error answers', () => {
    const routes = r.oyster.routes.filter((x) => x.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const seen = { route: `${route.method} ${route.url}`, found: !!op, access: op?.['x-access'], security: op?.security };
      expect(seen).toEqual({
        route: seen.route,
        found: true,
        access: route.public ? 'public' : expect.not.stringMatching(/^public$/),
        security: route.public ? [] : [{ tokenHeader: [] }, { tokenCookie: [] }],
      });
      const codes = Object.keys(op.responses);
      expect({ route: seen.route, codes }).toEqual({ route: seen.route, codes: expect.arrayContaining(['200', '400', '404', '429', '500', ...(route.public ? [] : ['401', '403'])]) });
    }
  });

  test('domain routes declare their input: parameters and bodies with the platform bounds', () => {
    const undeclared = r.oyster.operations.filter((o) => !o.declared && !isPlatform(o.url)).map((o) => `${o.method} ${o.url}`);
    expect(undeclared.sort()).toEqual([...PENDING].sort());
    const list = doc.paths['/api/v2/agents/'].post;
    expect(list['x-access']).toBe('canListAgents');
    const body = list.requestBody.content['application/json'].schema;
    expect(body.properties.page).toMatchObject({ type: 'integer', minimum: 1, maximum: 10_000 });
    expect(body.properties.search).toMatchObject({ maxLength: 100 });
    const search = doc.paths['/api/v2/agents/search'].get.parameters.map((p: any) => `${p.in}:${p.name}`);
    expect(search).toEqual(['query:search', 'query:subAgents', 'query:agentId']);
    const byId = doc.paths['/api/v2/posts/news/{newsId}'].get.parameters[0];
    expect(byId).toMatchObject({ in: 'path', name: 'newsId', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } });
    const create = doc.paths['/api/v2/posts/news'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['title', 'status']));
    expect(create.properties.body).toMatchObject({ maxLength: 200_000, 'x-multiline': true });
  });
});
