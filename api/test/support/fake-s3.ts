import Fastify, { type FastifyInstance } from 'fastify';
import { sha256 } from '../../src/platform/storage';

/**
 * A tiny S3 in the test process: path-style PUT/GET/HEAD/DELETE of objects, ListObjectsV2 of a prefix
 * (one page), 404 NoSuchKey for a missing one, and a refusal of any request not signed with SigV4 by
 * the expected key id. `written` holds each object's LastModified (a test may age one).
 */
export async function fakeS3(bucket: string, keyId: string): Promise<{ url: string; objects: Map<string, Buffer>; written: Map<string, Date>; app: FastifyInstance }> {
  const objects = new Map<string, Buffer>();
  const written = new Map<string, Date>();
  const app = Fastify({ exposeHeadRoutes: false, bodyLimit: 64 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const noSuchKey = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
  app.addHook('onRequest', async (req, reply) => {
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${keyId}/`)) return reply.code(403).type('application/xml').send('<Error><Code>AccessDenied</Code></Error>');
  });
  const keyOf = (url: string) => {
    const path = decodeURIComponent(url.split('?')[0]);
    const prefix = `/${bucket}/`;
    return path.startsWith(prefix) ? path.slice(prefix.length) : null;
  };
  app.put('/*', async (req, reply) => {
    const key = keyOf(req.url);
    if (!key) return reply.code(404).send();
    objects.set(key, Buffer.from((req.body as Buffer | undefined) ?? Buffer.alloc(0)));
    written.set(key, new Date());
    return reply.header('ETag', `"${sha256(objects.get(key)!).slice(0, 32)}"`).send('');
  });
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  app.get('/*', async (req, reply) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    if (query.get('list-type') === '2' && decodeURIComponent(req.url.split('?')[0]).replace(/\/$/, '') === `/${bucket}`) {
      const prefix = query.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const contents = keys.map((k) => `<Contents><Key>${xml(k)}</Key><LastModified>${written.get(k)!.toISOString()}</LastModified><Size>${objects.get(k)!.length}</Size></Contents>`).join('');
      return reply.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
    }
    const key = keyOf(req.url);
    const data = key ? objects.get(key) : undefined;
    if (!data) return reply.code(404).type('application/xml').send(noSuchKey);
    return reply.type('application/octet-stream').header('Content-Length', data.length).header('Last-Modified', written.get(key!)!.toUTCString()).send(data);
  });
  app.head('/*', async (req, reply) => {
    const key = keyOf(req.url);
    const data = key ? objects.get(key) : undefined;
    if (!data) return reply.code(404).send();
    return reply.type('application/octet-stream').header('Content-Length', data.length).header('Last-Modified', written.get(key!)!.toUTCString()).send();
  });
  app.delete('/*', async (req, reply) => {
    const key = keyOf(req.url);
    if (key) objects.delete(key);
    if (key) written.delete(key);
    return reply.code(204).send();
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, objects, written, app };
}
