import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preValidationAsyncHookHandler } from 'fastify';
import type { AccessFlag } from '@oyster/shared-kit/domain';
import { isApiPath } from './auth/guard.js';
import { forbidden } from './errors.js';
import { validate, type InputPlace, type yup } from './validation.js';

/** What a route takes, by place: each an object schema (platform/validation.ts builders). */
export interface RouteInput {
  params?: yup.AnyObjectSchema;
  query?: yup.AnyObjectSchema;
  body?: yup.AnyObjectSchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The flag of `req.me.can` the route needs (403 «Нет доступа к данному ресурсу» without it). */
    access?: AccessFlag;
    /** What the route takes; validated before the handler, which reads the cast values. */
    input?: RouteInput;
    /** One line for the OpenAPI document, in Russian. */
    summary?: string;
  }
}

/** Who may call an operation: public, anyone signed in, or the holders of one access flag. */
export type OperationAccess = 'public' | 'signed-in' | AccessFlag;

/** One api operation as registered: the record the OpenAPI document, the fuzzer and the role matrix are made from. */
export interface Operation {
  method: string;
  url: string;
  access: OperationAccess;
  summary: string | null;
  input: RouteInput;
  /** Declared with `config.input`/`config.access` (or `route()`); an undeclared route validates in its handler. */
  declared: boolean;
}

const PLACES: InputPlace[] = ['params', 'query', 'body'];

/**
 * The one request-validation layer of the api. Every api route registered after this call that
 * declares `config.access` / `config.input` gets a preValidation hook (after sign-in): 403 unless
 * `req.me.can[access]`, then params, query and body through `validate()` (a 400 naming the field),
 * replaced by their cast values. Answers the list of api operations (the OpenAPI document's source).
 */
export function declaredRoutes(app: FastifyInstance): Operation[] {
  const operations: Operation[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const config = route.config ?? {};
    const input = config.input ?? {};
    const declared = !!(config.input || config.access);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      operations.push({
        method,
        url: route.url,
        access: config.public ? 'public' : config.access ?? 'signed-in',
        summary: config.summary ?? null,
        input,
        declared,
      });
    }
    if (!declared) return;
    const check: preValidationAsyncHookHandler = async (req) => {
      if (config.access && !req.me?.can?.[config.access]) throw forbidden();
      const r = req as unknown as Record<InputPlace, unknown>;
      for (const place of PLACES) {
        const schema = input[place];
        if (schema) r[place] = await validate(schema, r[place], place);
      }
    };
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [check, ...own];
  });
  return operations;
}

type Infer<S> = S extends yup.AnyObjectSchema ? yup.InferType<S> : unknown;

/** A route with its input and access declared; the handler's `req.params/query/body` are the validated values. */
export interface RouteDef<P, Q, B> {
  method: HTTPMethods;
  url: string;
  summary: string;
  access?: AccessFlag;
  public?: boolean;
  /** Bytes of body the route takes (default: the app's 1 MiB); over it, a 413 before anything is read further. */
  bodyLimit?: number;
  params?: P;
  query?: Q;
  body?: B;
}

export function route<
  P extends yup.AnyObjectSchema | undefined = undefined,
  Q extends yup.AnyObjectSchema | undefined = undefined,
  B extends yup.AnyObjectSchema | undefined = undefined,
>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B>,
  handler: (req: FastifyRequest<{ Params: Infer<P>; Querystring: Infer<Q>; Body: Infer<B> }>, reply: FastifyReply) => Promise<unknown>,
) {
  const input: RouteInput = {};
  if (def.params) input.params = def.params;
  if (def.query) input.query = def.query;
  if (def.body) input.body = def.body;
  app.route({
    method: def.method,
    url: def.url,
    config: { input, summary: def.summary, ...(def.access ? { access: def.access } : {}), ...(def.public ? { public: true } : {}) },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    handler: handler as never,
  });
}
