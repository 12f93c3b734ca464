import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { responseEncoding } from './compression.js';
import { REMOTE_DIRS, REMOTE_NAMES } from '@oyster/shared-kit/domain';
import type { MediaFiles } from './media-files.js';

// Content-hashed files never change under their name; everything else (index.html,
// remoteEntry.js, manifests) must be revalidated or a deploy would not be seen.
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|gif|ico|map)$/;
function cacheHeaders(reply: FastifyReply, file: string) {
  reply.header('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Media shown in the page itself (img, video); every other file (PDF, SVG, HTML, office files) is downloaded. */
export const INLINE_MEDIA = /\.(png|jpe?g|webp|gif|mp4|webm)$/i;
/**
 * Uploaded files are other people's content on our origin: even a file opened directly runs sandboxed
 * (no scripts, no forms, an opaque origin without our cookies or storage) and loads nothing.
 */
export const MEDIA_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
function mediaHeaders(reply: FastifyReply, file: string) {
  reply.header('Content-Security-Policy', MEDIA_CSP);
  reply.header('X-Content-Type-Options', 'nosniff');
  if (!INLINE_MEDIA.test(file)) reply.header('Content-Disposition', 'attachment');
}

/** The media types a /media/ file is sent with, by extension (anything else is bytes to download). */
const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', svg: 'image/svg+xml',
  mp4: 'video/mp4', webm: 'video/webm', pdf: 'application/pdf', html: 'text/html; charset=utf-8', txt: 'text/plain; charset=utf-8',
};

/**
 * GET /media/<path>: a file of the media store (platform/media-files.ts: the file store, then the old
 * media folder until it is moved), with the headers the folder was served with — cached an hour, our
 * sandboxing CSP and nosniff, downloaded unless a picture or a video, Last-Modified and a 304 to a
 * browser whose copy is as new. A missing file is the api's 404.
 */
function registerMedia(app: FastifyInstance, media: MediaFiles) {
  app.get('/media/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    const file = await media.open(path);
    if (!file) return reply.callNotFound();
    const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
    mediaHeaders(reply, path);
    if (file.modifiedAt) {
      const seconds = Math.floor(file.modifiedAt.getTime() / 1000);
      reply.header('Last-Modified', new Date(seconds * 1000).toUTCString());
      const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
      if (Number.isFinite(since) && seconds * 1000 <= since) {
        file.body.destroy();
        return reply.header('Cache-Control', 'public, max-age=3600').code(304).send();
      }
    }
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Length', file.size)
      .type(MEDIA_TYPES[ext] ?? 'application/octet-stream')
      .send(file.body);
  });
}

/**
 * Serves built front-ends when their dist folders exist, so the api also runs before a build.
 * Returns the shell's index.html path (for the /app/* history fallback) or null.
 */
export async function registerStatic(app: FastifyInstance, root: string, media: MediaFiles): Promise<{ shellIndex: string | null }> {
  const shellDist = join(root, 'shell', 'dist');
  const hasShell = existsSync(join(shellDist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/app/',
      decorateReply: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (build/precompress.cjs): served as accepted.
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  for (const name of REMOTE_NAMES.map((remote) => REMOTE_DIRS[remote])) {
    const dir = join(root, `remote-${name}`, 'dist');
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      // The shell may be served from another origin (dev server, CDN); remotes are public code.
      setHeaders: (reply, file) => {
        cacheHeaders(reply, file);
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }
  registerMedia(app, media);

  app.get('/', (_req, reply) => reply.redirect('/app/'));
  // /oyster is the public landing page, rendered by the shell under its publicPath.
  app.get('/oyster', (_req, reply) => reply.redirect('/app/oyster'));
  return { shellIndex: hasShell ? join(shellDist, 'index.html') : null };
}

/**
 * GET /app/login: the prerendered login page (shell/prerender.mjs → shell/dist/login.html; index.html
 * when the build has none). The legacy login page (LEGACY_LOGIN_URL) is chosen here, before any
 * JavaScript, unless the query says legacy=true or the visitor's cookie already signs them in (the
 * app sends them home); the page's own check stays for servers that do not do this (the static
 * nginx of the compose file). A POST is a click on the prerendered form before its script ran: the
 * browser is sent back to the page, the body read by nobody.
 */
export function registerLoginPage(
  app: FastifyInstance,
  opts: { root: string; legacyLoginUrl: string | null; signedIn(req: FastifyRequest): Promise<boolean> },
) {
  const shellDist = join(opts.root, 'shell', 'dist');
  const page = ['login.html', 'index.html'].map((f) => join(shellDist, f)).find((f) => existsSync(f));
  if (!page) return;
  const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');
  app.get('/app/login', async (req, reply) => {
    const query = queryOf(req.url);
    if (opts.legacyLoginUrl && new URLSearchParams(query).get('legacy') !== 'true' && !(await opts.signedIn(req))) {
      return reply.redirect(`${opts.legacyLoginUrl}${query}`);
    }
    return sendShellIndex(reply, page);
  });
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_req, _payload, done) => done(null, null));
    scope.post('/app/login', (req, reply) => reply.redirect(`/app/login${queryOf(req.url)}`, 303));
  });
}

export function sendShellIndex(reply: FastifyReply, indexPath: string) {
  // Read per request: a rebuilt shell is picked up without a restart. The build's brotli or gzip
  // copy (build/precompress.cjs) when the browser takes it, rather than compressing per request.
  reply.code(200).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  const encoding = responseEncoding(reply.request.headers['accept-encoding']);
  const packed = encoding === 'br' ? `${indexPath}.br` : encoding === 'gzip' ? `${indexPath}.gz` : null;
  if (packed && existsSync(packed)) return reply.header('Content-Encoding', encoding).send(readFileSync(packed));
  return reply.send(readFileSync(indexPath));
}

/**
 * The old media folder, whose files move into the file store at start (platform/media-files.ts):
 * `MEDIA_DIR` when given, else `<staticRoot>/media` (the repository ships `media/.gitkeep`).
 */
export function resolveMediaDir(explicit: string | undefined, staticRoot: string): string {
  return explicit ? resolve(explicit) : join(staticRoot, 'media');
}
