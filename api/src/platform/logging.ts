import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the request log may keep. Never a session token (the x-api-token header, the cookie, a
 * `?token=` or the sign-in landing's /sing-in/{token}), a password, or personal data someone typed
 * into a query (a search by name, an email): the log lists the method, the path, the names of the
 * query's parameters with their values hidden (except a few harmless ones), the host and the client.
 */

/** Query parameters whose values are kept (paging and sorting); every other value is hidden. */
const KEPT_QUERY_VALUES = new Set(['page', 'pageSize', 'kind', 'sortBy', 'sortType', 'status', 'type', 'label', 'published']);
const HIDDEN = '[hidden]';

/** The URL as the log shows it. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const path = rawPath.replace(/(\/sing-in\/)[^/]+/i, `$1${HIDDEN}`);
  if (q < 0) return path;
  const parts = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* keep as is */
      }
      return eq < 0 || KEPT_QUERY_VALUES.has(decoded) ? pair : `${name}=${HIDDEN}`;
    });
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** Paths pino blanks out wherever a logged object carries them (a handler logging a request or a body). */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-token"]',
  'token',
  'password',
  'email',
  '*.token',
  '*.password',
  '*.email',
  'body.password',
  'body.email',
];

/** Log levels, most to least verbose; LOG_LEVEL picks one (default info: one line per request). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export function logLevelFrom(value: string | undefined): LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : 'info';
}

/** The logger settings of the app: pino's redaction, the request serializer through redactUrl. */
export function loggerOptions(stream?: NodeJS.WritableStream, level: LogLevel = 'info'): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: LOG_REDACT_PATHS, censor: HIDDEN },
    serializers: {
      req(req: FastifyRequest) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        };
      },
    },
  };
}

/**
 * One line per answered request (fastify's own two lines — «incoming request», «request completed» —
 * are switched off with `disableRequestLogging`): method, redacted URL, status and time, at info, so
 * LOG_LEVEL=warn keeps only warnings and errors. The line carries no header, body or token.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
