// @zone-independent: the file sweep (a grace in hours, no calendar day). npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAINS } from '../../src/domains';
import { demoFilePaths } from '../../src/learning/seed';
import { newId } from '../../src/platform/db';
import { fileReferences, sweepOrphans } from '../../src/platform/orphans';
import { onOneNode } from '../../src/platform/periodic';
import { memoryStore } from '../../src/platform/storage';
import { BACKENDS, PDF, PNG, postForm, start, startSignedIn, type SignedInApp } from '../support';

/**
 * The orphan sweep (platform/orphans.ts): a stored file no row names — an upload whose transaction
 * rolled back, a row deleted without its file, a picture uploaded for a form never saved — is removed
 * once older than the grace period; everything a row (or the product's demo content) names stays, and so
 * does every file under a prefix nobody declared. On PostgreSQL it runs on one node at a time.
 */
const HOUR = 3_600_000;
const WHO = ['agent', 'copywriter', 'admin'] as const;

describe.each(BACKENDS)('orphan files sweep ($name)', (backend) => {
  let r: SignedInApp<(typeof WHO)[number]>;
  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { orphanSweepEveryMs: 0, ...(backend.databaseUrl ? {} : { filesDir: mkdtempSync(join(tmpdir(), 'oyster-files-')) }) });
  });
  afterAll(() => r.stop());

  test('after the grace period the orphans go; every file a row names, the demo files and foreign keys stay; within it nothing goes', async () => {
    const { files, db } = r.oyster;
    // A chat file with its row (through the api).
    const chatId = (await r.req('agent', 'GET', '/api/v2/chats/support')).body.data._id;
    const form = new FormData();
    form.append('text', 'Скан');
    form.append('file', new Blob([new Uint8Array(PDF)]), 'скан.pdf');
    const sent = await postForm(r.url, r.tokens.agent, `/api/v2/chats/${chatId}/files`, form);
    expect(sent.status).toBe(200);
    const chatKey = `chat-files/${sent.body.data.file._id}`;
    expect(await files.exists(chatKey)).toBe(true);
    // A banner picture with its banner, and a picture uploaded for a form never saved.
    const bannerPic = (await r.upload('copywriter', 'banners', PNG)).body.data.storageFileName;
    expect((await r.req('copywriter', 'POST', '/api/v2/banners', { title: 'Остаётся', storageFileName: bannerPic, active: false })).status).toBe(200);
    const abandoned = (await r.upload('copywriter', 'news', PNG)).body.data.storageFileName;
    // A contract file whose transaction rolled back: written, no row.
    const rolledBack = `contract-files/${newId()}`;
    await files.put(rolledBack, PDF);
    // A deleted chat row whose file stayed.
    const deletedRow = `chat-files/${newId()}`;
    await files.put(deletedRow, PDF);
    // Not ours to judge: a prefix nobody declared.
    const foreign = `backups-${randomBytes(3).toString('hex')}/x.bin`;
    await files.put(foreign, PDF);

    const references = fileReferences(DOMAINS);
    const log = { info: () => undefined, warn: () => undefined };
    const fresh = await sweepOrphans(db, files, references, { graceMs: 24 * HOUR, log });
    expect(fresh.removed).toBe(0);

    const later = await sweepOrphans(db, files, references, { graceMs: 24 * HOUR, now: new Date(Date.now() + 25 * HOUR), log });
    expect(later.removedKeys.sort()).toEqual([rolledBack, deletedRow, `media/news/${abandoned}`].sort());
    expect(later.checked).toBeGreaterThan(later.removed);
    for (const gone of [rolledBack, deletedRow, `media/news/${abandoned}`]) expect({ gone, there: await files.exists(gone) }).toEqual({ gone, there: false });
    for (const kept of [chatKey, `media/banners/${bannerPic}`, 'media/banners/demo-eosago.png', 'media/courses/demo-course-osago.png', foreign]) {
      expect({ kept, there: await files.exists(kept) }).toEqual({ kept, there: true });
    }
    // What the users see is whole: the chat file downloads, the banner picture is served.
    const download = await fetch(`${r.url}/api/v2/chats/${chatId}/files/${sent.body.data.file._id}`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(download.status).toBe(200);
    expect((await fetch(`${r.url}/media/banners/${bannerPic}`)).status).toBe(200);
    await files.delete(foreign);
  });

  (backend.databaseUrl ? test : test.skip)('on PostgreSQL one node at a time: while one holds the sweep, another skips its turn', async () => {
    const ran: string[] = [];
    const outer = await onOneNode(r.oyster.db, 'files-orphan-sweep', async () => {
      ran.push('A');
      const inner = await onOneNode(r.oyster.db, 'files-orphan-sweep', async () => ran.push('B'));
      expect(inner).toBeNull();
      return 'A done';
    });
    expect([outer, ran]).toEqual(['A done', ['A']]);
    // Freed with its transaction: the next turn runs.
    expect(await onOneNode(r.oyster.db, 'files-orphan-sweep', async () => 'next')).toBe('next');
  });
});

test('the api runs the sweep by itself (FILES_ORPHAN_GRACE_HOURS=0 here): a fresh demo start removes only the planted orphan', async () => {
  const files = memoryStore();
  const orphan = `broker-request-files/${newId()}`;
  await files.put(orphan, PDF);
  const r = await start(BACKENDS[0], { files, orphanGraceMs: 0, orphanSweepEveryMs: HOUR, redisUrl: undefined });
  try {
    expect(await files.exists(orphan)).toBe(false);
    const left: string[] = [];
    for await (const f of files.list('')) left.push(f.key);
    // Every demo file the seed wrote is still there: the product's own content names each.
    expect(left.sort()).toEqual(demoFilePaths().map((p) => `media/${p}`).sort());
  } finally {
    await r.stop();
  }
});
