import type { FastifyInstance } from 'fastify';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';
import type { Operation } from './routes.js';
import { INPUT_LIMITS, describeSchema, type yup } from './validation.js';

/**
 * The api's contract, OpenAPI 3.1, made from the routes as registered (platform/routes.ts): every
 * operation with its input schemas (from the same yup schemas `validate()` applies, with the
 * platform's own bounds filled in), who may call it (`security` and `x-access`: 'public',
 * 'signed-in' or the access flag of shared-kit) and its error answers. Served at /api/v2/openapi.json.
 */
export const OPENAPI_PATH = '/api/v2/openapi.json';

type Json = Record<string, unknown>;
type Desc = ReturnType<typeof describeSchema>;

/** JSON Schema of one yup schema: the converter's answer, plus the bounds `validate()` holds every input to. */
export function jsonSchemaOf(schema: yup.AnySchema): Json {
  return bounded(convertSchema(schema) as Json, describeSchema(schema as yup.Schema));
}

function bounded(js: Json, d: Desc): Json {
  switch (d.type) {
    case 'string':
      if (js.maxLength === undefined) js.maxLength = INPUT_LIMITS.text;
      if (d.meta?.multiline) js['x-multiline'] = true;
      break;
    case 'array':
      if (js.maxItems === undefined) js.maxItems = INPUT_LIMITS.list;
      if (d.innerType && js.items && typeof js.items === 'object') bounded(js.items as Json, d.innerType as Desc);
      break;
    case 'object': {
      delete js.default; // yup describes every object with a default of its fields' defaults
      const props = (js.properties ?? {}) as Record<string, Json>;
      for (const [k, f] of Object.entries(d.fields ?? {})) if (props[k]) bounded(props[k], f as Desc);
      break;
    }
    case 'number':
    case 'boolean':
      break;
    default:
      // mixed: one plain value
      js.type = ['string', 'number', 'boolean', ...(d.nullable || js.default === null ? ['null'] : [])];
  }
  if (Array.isArray(js.enum) && d.nullable && !js.enum.includes(null)) js.enum = [...js.enum, null];
  return js;
}

const ERROR_ANSWERS: [string, string, string][] = [
  ['400', 'BadRequest', 'Неверный запрос: сообщение называет поле (`field`), `errors` — все найденные ошибки'],
  ['401', 'Unauthorized', ERROR_TEXTS.unauthorized],
  ['403', 'Forbidden', ERROR_TEXTS.forbidden],
  ['404', 'NotFound', ERROR_TEXTS.notFound],
  ['413', 'TooLarge', 'Слишком большой запрос'],
  ['415', 'UnsupportedMediaType', 'Неподдерживаемый тип содержимого запроса'],
  ['429', 'TooManyRequests', ERROR_TEXTS.tooManyRequests],
  ['500', 'ServerError', `${ERROR_TEXTS.server} (с идентификатором запроса requestId)`],
];

const tagOf = (url: string) => (url.startsWith('/suggest') ? 'suggest' : url.split('/')[3] || 'api');
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const opId = (method: string, url: string) =>
  `${method.toLowerCase()}${url.replace(/^\/api\/v2/, '').replace(/:(\w+)/g, 'By_$1').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`;

function operationOf(op: Operation): Json {
  const params = op.input.params ? jsonSchemaOf(op.input.params) : null;
  const query = op.input.query ? jsonSchemaOf(op.input.query) : null;
  const parameters: Json[] = [];
  for (const [, name] of op.url.matchAll(/:(\w+)/g)) {
    const schema = ((params?.properties as Record<string, Json> | undefined)?.[name] ?? { type: 'string', maxLength: 100 }) as Json;
    parameters.push({ name, in: 'path', required: true, schema });
  }
  if (query) {
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  const hasBody = !['GET', 'DELETE', 'HEAD', 'OPTIONS'].includes(op.method);
  const body = op.input.body ? jsonSchemaOf(op.input.body) : hasBody ? { type: 'object' } : null;
  const responses: Json = { 200: { description: 'Успешный ответ', content: { 'application/json': { schema: { type: 'object' } } } } };
  for (const [code, name] of ERROR_ANSWERS) {
    if (op.access === 'public' && (code === '401' || code === '403')) continue;
    if (!body && (code === '413' || code === '415')) continue;
    responses[code] = { $ref: `#/components/responses/${name}` };
  }
  return {
    operationId: opId(op.method, op.url),
    summary: op.summary ?? `${op.method} ${op.url}`,
    tags: [tagOf(op.url)],
    security: op.access === 'public' ? [] : [{ tokenHeader: [] }, { tokenCookie: [] }],
    'x-access': op.access,
    'x-declared': op.declared,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: false, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

export function openApiDocument(operations: readonly Operation[]): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations) (paths[pathOf(op.url)] ??= {})[op.method.toLowerCase()] = operationOf(op);
  const error = {
    type: 'object',
    required: ['message'],
    properties: {
      message: { type: 'string', description: 'Текст для пользователя, по-русски' },
      error: { type: 'boolean' },
      type: { type: 'string' },
      field: { type: ['string', 'null'], description: 'Поле, о котором сообщение (400)' },
      errors: { type: 'array', items: { type: 'object', properties: { path: { type: ['string', 'null'] }, message: { type: 'string' } } } },
      requestId: { type: 'string', description: 'Идентификатор запроса в журнале сервера (500)' },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Oyster API',
      version: '2',
      description: 'Бэк-офис страхового брокера. Вход — POST /api/v2/auth/login/; токен в заголовке x-api-token или в cookie x-api-token.',
    },
    tags: [...new Set(operations.map((o) => tagOf(o.url)))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        tokenHeader: { type: 'apiKey', in: 'header', name: 'x-api-token' },
        tokenCookie: { type: 'apiKey', in: 'cookie', name: 'x-api-token' },
      },
      schemas: { Error: error },
      responses: Object.fromEntries(
        ERROR_ANSWERS.map(([, name, text]) => [name, { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
      ),
    },
  };
}

/** GET /api/v2/openapi.json (public): the document of every api route registered, built once on first request. */
export function openApiRoute(app: FastifyInstance, operations: readonly Operation[]) {
  let doc: Json | null = null;
  app.get(OPENAPI_PATH, { config: { public: true, summary: 'Описание API (OpenAPI 3.1)' } }, async () => (doc ??= openApiDocument(operations)));
}
