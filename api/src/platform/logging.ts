import type { FastifyRequest, FastifyServerOptions } from 'fastify';

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

/** The logger settings of the app: fastify's request line through redactUrl, pino's redaction. */
export function loggerOptions(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: 'info',
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
