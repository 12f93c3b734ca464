import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import { requestPath } from './auth/guard.js';

/**
 * What the request log may keep. Never a session token (the x-api-token header, the cookie, a
 * `?token=` or the sign-in landing's /sing-in/{token}), a one-time password link's token, a password, or personal data someone typed
 * into a query (a search by name, an email): the log lists the method, the path, the names of the
 * query's parameters with their values hidden (except a few harmless ones), the host and the client.
 */

/** Query parameters whose values are kept (paging and sorting); every other value is hidden. */
const KEPT_QUERY_VALUES = new Set(['page', 'pageSize', 'kind', 'sortBy', 'sortType', 'status', 'type', 'label', 'published']);
const HIDDEN = '[hidden]';

/** The sign-in landing's token segment (spec §2 sing-in/{token}), and a one-time password link's (/password/{token}, /password-link/{token}). */
const SIGN_IN_TOKEN = /(\/(?:sing-in|password|password-link)\/)[^/?]+/i;

/**
 * The URL as the log shows it. The landing is told by the path as the router reads it (requestPath),
 * so `/app/s%69ng-in/{token}` hides its token too; such a path is logged decoded.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const readable = requestPath(rawPath);
  const path = SIGN_IN_TOKEN.test(readable) ? readable.replace(SIGN_IN_TOKEN, `$1${HIDDEN}`) : rawPath;
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
  // A client's documents (issue 25): a passport or a driver's licence wherever a logged object carries one.
  'passport',
  '*.passport',
  'body.passport',
  'body.*.passport',
  'licence',
  '*.licence',
];

/** Log levels, most to least verbose; LOG_LEVEL picks one (default info: one line per request). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export function logLevelFrom(value: string | undefined): LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : 'info';
}

export interface Loggers {
  /** fastify's logger (every line a handler or the platform writes), redacting LOG_REDACT_PATHS. */
  app: FastifyBaseLogger;
  /** The one line per request (installRequestLog), written to the same stream at the same level. */
  requests: Logger;
}

/**
 * The app's loggers. Request lines go through a logger of their own without redaction: their
 * fields are safe by construction (method, redactUrl's URL, status, time), and pino's redaction,
 * which copies and walks every logged object, made that line cost a tenth of an authenticated GET's
 * throughput (bench/api-throughput.mjs, LOG_LEVEL=info against warn). Everything else keeps it.
 */
export function createLoggers(stream?: NodeJS.WritableStream, level: LogLevel = 'info'): Loggers {
  const destination = stream ?? pino.destination({ dest: 1, sync: false });
  const app = pino(
    {
      level,
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
    },
    destination,
  );
  return { app, requests: pino({ level }, destination) };
}

/**
 * One line per answered request (fastify's own two lines — «incoming request», «request completed» —
 * are switched off with `disableRequestLogging`): request id, the signed-in user's id, method, redacted URL, status and time,
 * at info, so LOG_LEVEL=warn keeps only warnings and errors (and adds no hook at all). The line
 * carries no header, body or token.
 */
export function installRequestLog(app: FastifyInstance, requests: Logger): void {
  if (!requests.isLevelEnabled('info')) return;
  app.addHook('onResponse', (req, reply, done) => {
    // The signed-in user by id only (never a token, an email or a name); absent on public routes and 401s.
    const userId = req.me?.row?.id;
    requests.info(
      { reqId: req.id, ...(userId ? { userId } : {}), method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
}
