import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import type { AppContext } from './context.js';
import { HttpError } from './errors.js';
import { route } from './routes.js';

/**
 * Backups of the embedded database (docs: operations, «Backups»; scripts/backup.mjs, restore.mjs).
 * The running api gives a consistent copy of its PGlite without stopping: the data folder as a tarball
 * taken between transactions (Db.dumpDataDir). Files are copied by the script from the files folder
 * (written before their rows, never changed under a key), so every file a dumped row names is there.
 * A server PostgreSQL is backed up with its own tools (pg_dump / pg_restore), S3 with the bucket's.
 */
export const BACKUP_TEXTS = {
  notEmbedded: 'Резервная копия через api делается только для встроенной базы (PGlite); для PostgreSQL используйте pg_dump',
};

export async function dumpDatabase(ctx: Pick<AppContext, 'db'>): Promise<Buffer> {
  if (!ctx.db.dumpDataDir) throw new HttpError(409, BACKUP_TEXTS.notEmbedded, { error: true });
  return Buffer.from(await (await ctx.db.dumpDataDir()).arrayBuffer());
}

/** Unpacks a tarball from dumpDatabase into a new PGlite folder (it must not hold a database yet). */
export async function restorePglite(tarball: Blob, dataDir: string): Promise<void> {
  const lite = new PGlite(dataDir, { loadDataDir: tarball });
  await lite.waitReady;
  await lite.query('SELECT 1');
  await lite.close();
}

export function backupRoutes(app: FastifyInstance, ctx: AppContext) {
  route(
    app,
    { method: 'GET', url: '/api/v2/system/backup/database', summary: 'Резервная копия встроенной базы (tar.gz папки PGlite), без остановки', access: 'isAdmin' },
    async (req, reply) => {
      const started = Date.now();
      const tarball = await dumpDatabase(ctx);
      req.log.info({ bytes: tarball.length, ms: Date.now() - started }, 'backup: database dumped');
      return reply
        .type('application/gzip')
        .header('Content-Disposition', 'attachment; filename="pglite.tar.gz"')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Encoding', 'identity')
        .send(tarball);
    },
  );
}
