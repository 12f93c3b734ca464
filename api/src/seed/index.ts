import bcrypt from 'bcryptjs';
import { DEMO_PASSWORD } from '@oyster/shared-kit/domain';
import type { Db } from '../platform/db.js';
import type { MediaFiles } from '../platform/media-files.js';
import type { DemoSeed, Domain } from '../platform/context.js';
import { takeStartupLock } from '../platform/migrations.js';
import { DOMAINS } from '../domains.js';

export { DEMO_PASSWORD };

/**
 * Seeds demo data when the database has no users: every domain's `seed` in DOMAINS order, in one transaction under the start-up lock (two instances
 * starting together seed once); one bcrypt hash for all accounts. Then each domain's `seedContent`
 * (learning: once per database, its files whenever missing). Answers whether the rows were seeded now.
 */
export async function seedDemo(db: Db, opts: { media?: MediaFiles | null } = {}, domains: readonly Domain[] = DOMAINS): Promise<boolean> {
  const seeded = await db.tx(async (q) => {
    await takeStartupLock(q);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (n > 0) return false;
    // Hashed only when seeding: a restart of a seeded database (every start but the first) skips it.
    const demo: DemoSeed = { passwordHash: await bcrypt.hash(DEMO_PASSWORD, 10), users: {} };
    for (const domain of domains) await domain.seed?.(q, demo);
    return true;
  });
  for (const domain of domains) await domain.seedContent?.(db, { media: opts.media ?? null });
  return seeded;
}
