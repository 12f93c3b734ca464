#!/usr/bin/env node
/**
 * News list pagination and search with 100 000 posts (run by hand):
 *
 *   node bench/learning-pagination.mjs [count]        (default 100000)
 *
 * Opens a temporary PGlite database, applies the api's migrations, inserts the posts through the
 * api's own createPost (sanitizer and all; 1 000 per transaction, published over the last years with
 * three labels, a few drafts), then times the list queries the api runs for
 * POST /api/v2/posts/news/list — page 1, page 50 and page 5000 of 10, a label filter, the label list
 * and full-text searches — each the median of 7 runs after a warm-up, then again after VACUUM. The
 * folder is removed at the end.
 * The api's TypeScript is loaded with tsx (an api devDependency), so run `pnpm install` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const requireFromApi = createRequire(join(root, 'api', 'package.json'));
const tsxDir = dirname(requireFromApi.resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href);
const load = (p) => tsImport(pathToFileURL(join(root, 'api', 'src', p)).href, import.meta.url);

const { createPgliteDb } = await load('platform/db.ts');
const { runMigrations } = await load('platform/migrations.ts');
const { MIGRATIONS } = await load('migrations/index.ts');
const { createPost, listPosts, listLabels } = await load('learning/posts.ts');

const COUNT = Number(process.argv[2] || 100_000);
const LABELS = ['Новости компании', 'Продукты', 'Акции'];
const TOPICS = [
  ['Е-ОСАГО', 'тарифы страховщиков и коэффициент бонус-малус'],
  ['КАСКО', 'франшиза и ремонт у официального дилера'],
  ['ипотечное страхование', 'требования банка и ежегодное продление'],
  ['страхование квартиры', 'отделка, имущество и ответственность перед соседями'],
  ['ВЗР', 'полис для шенгенской визы и активный отдых'],
  ['ДМС', 'программы для малого бизнеса от пяти сотрудников'],
];

const dir = mkdtempSync(join(tmpdir(), 'oyster-bench-learning-'));
const db = await createPgliteDb(dir);
await runMigrations(db, MIGRATIONS);

const t0 = performance.now();
const now = Date.now();
const BATCH = 1000;
for (let start = 0; start < COUNT; start += BATCH) {
  await db.tx(async (q) => {
    for (let i = start; i < Math.min(COUNT, start + BATCH); i++) {
      const [product, about] = TOPICS[i % TOPICS.length];
      await createPost(q, 'news', {
        title: `${product}: ${about} — выпуск ${i + 1}`,
        summary: `Коротко о главном: ${about}.`,
        body: `<p>Новость номер ${i + 1} о продукте ${product}. Агенту важно знать: ${about}.</p><ul><li>Пункт первый</li><li>Пункт второй</li></ul>`,
        label: LABELS[i % LABELS.length],
        status: i % 997 === 0 ? 'draft' : 'published',
      }, null, new Date(now - i * 15 * 60 * 1000));
    }
  });
  if ((start / BATCH) % 10 === 9) process.stdout.write(`  inserted ${start + BATCH}\r`);
}
const insertMs = performance.now() - t0;
await db.exec('ANALYZE posts');

async function time(name, fn) {
  await fn();
  const runs = [];
  let last;
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    last = await fn();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  console.log(`${name.padEnd(44)} ${runs[3].toFixed(1).padStart(8)} ms   (${last})`);
}

console.log(`\n${COUNT} news inserted through createPost in ${(insertMs / 1000).toFixed(1)} s (PGlite, ${dir})\n`);
const list = (o) => async () => {
  const { items, total } = await listPosts(db, 'news', { pageSize: 10, ...o });
  return `${items.length} items of ${total}`;
};
async function round() {
  await time('page 1 (pageSize 10)', list({ page: 1 }));
  await time('page 50', list({ page: 50 }));
  await time('page 5000', list({ page: 5000 }));
  await time('page 1, label «Акции»', list({ page: 1, label: 'Акции' }));
  await time('editors: page 1 with drafts', list({ page: 1, includeDrafts: true }));
  await time('labels of published news', async () => (await listLabels(db)).join(', '));
  await time('search «выпуск 4242» page 1', list({ page: 1, search: 'выпуск 4242' }));
  await time('search «ипотечн» page 1 (1 post in 6)', list({ page: 1, search: 'ипотечн' }));
  await time('search «франшиза дилера» page 1 (1 in 6)', list({ page: 1, search: 'франшиза дилера' }));
}
await round();
// PGlite never vacuums on its own; PostgreSQL's autovacuum does, and then the page's id scan is index-only.
await db.exec('VACUUM ANALYZE posts');
console.log('\nafter VACUUM (what autovacuum gives a PostgreSQL server):');
await round();

await db.close();
rmSync(dir, { recursive: true, force: true });
