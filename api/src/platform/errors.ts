import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';
import { isDatabaseUnavailable } from './db.js';

/** An error that becomes a JSON answer with a Russian `message` (spec §7/§8). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, ERROR_TEXTS.unauthorized);
export const forbidden = () => new HttpError(403, ERROR_TEXTS.forbidden);
export const notFound = () => new HttpError(404, ERROR_TEXTS.notFound);

/** 404 in the shape the pages read: error, errorMessage, data (spec §7 news by id). */
export function notFoundError(message: string) {
  return new HttpError(404, message, { error: true, errorMessage: message, data: null });
}

/** A 400 that names the field (the shell's toast shows `message`). */
export function validationError(message: string, field: string | null) {
  return new HttpError(400, message, { error: true, type: 'validation', field });
}

/** A PATCH that changes nothing. */
export const noFields = () => validationError('Нет полей для изменения', null);

/** Seconds a client is told to wait after a 503 «Сервис временно недоступен». */
export const RETRY_AFTER_UNAVAILABLE_S = 10;

/** HttpError → its status and JSON; fastify's own 4xx → a Russian text; anything else → 500 with the request id, logged. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message, ...err.extra });
    const e = err as { statusCode?: number; code?: string; message?: string };
    // Fastify's own 4xx (bad JSON, wrong content type, body too large): the client's fault, say so in Russian.
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message =
        e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Неподдерживаемый тип содержимого запроса'
        : e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Слишком большой запрос'
        : e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Пустое тело запроса'
        : e.statusCode === 429 ? ERROR_TEXTS.tooManyRequests
        : 'Некорректный запрос: тело не является корректным JSON';
      return reply.code(e.statusCode).send({ message, error: true, type: 'validation' });
    }
    // The database away for a moment (restarting, a network cut): 503 in Russian with when to try again,
    // logged as a warning without a stack — the api reconnects by itself when the server is back.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ requestId: req.id, dbError: (err as { code?: string; message?: string }).code ?? (err as { message?: string }).message }, 'database unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_UNAVAILABLE_S)).send({ message: ERROR_TEXTS.unavailable, requestId: req.id });
    }
    // Anything else is ours: logged with the request id, answered with that id and the Russian text, never a stack.
    req.log.error({ err, requestId: req.id, userId: req.me?.row?.id }, 'unhandled error');
    return reply.code(500).send({ message: ERROR_TEXTS.server, requestId: req.id });
  });
}

/**
 * Fastify's router errors (Fastify option `frameworkErrors`), answered like every other 4xx: a URL
 * that is not valid percent-encoding, a path parameter over the router's length limit.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong ? 'Слишком длинный адрес запроса' : 'Некорректный адрес запроса';
  return reply.code(tooLong ? 414 : 400).send({ message, error: true, type: 'validation' });
}
