import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@oyster/shared-kit/domain';
import type { Db } from '../platform/db.js';
import type { MediaFiles } from '../platform/media-files.js';
import { takeStartupLock } from '../platform/migrations.js';
import { createPost } from './posts.js';
import { createCourse, createLesson } from './academy.js';
import { createBanner, createMedia } from './library.js';
import { BANNERS, COURSES, KNOWLEDGE, MEDIA, MEDIA_PDFS, NEWS, PICTURES, daysAgo, type DemoPdf, type DemoPicture } from './demo/content.js';
import { topicPicture } from './demo/png.js';
import { makePdf } from './demo/pdf.js';

/**
 * Demo content of the learning domain (news, knowledge, courses with PDFs, banners, media) and the
 * files it points to, drawn by code. Files are written into the media store whenever one is
 * missing (so a kept database with a fresh store still shows its pictures); rows are inserted
 * once per database (marker in demo_seeds), after the demo users exist.
 */
const SEED_NAME = 'learning';
/** Bump when the drawings or PDFs change, so the machine-wide cache is rebuilt. */
const DEMO_FILES_VERSION = 2;

type Spec = { kind: 'png'; pic: DemoPicture } | { kind: 'pdf'; doc: DemoPdf };

/** The demo files' paths in the media store (`news/demo-platform.png`…): the product names them, so they are never orphans. */
export const demoFilePaths = (): string[] => [...specs().keys()];

function specs(): Map<string, Spec> {
  const out = new Map<string, Spec>();
  for (const pic of PICTURES) out.set(pic.file, { kind: 'png', pic });
  for (const c of COURSES) for (const l of c.lessons) out.set(l.pdf.file, { kind: 'pdf', doc: l.pdf });
  for (const doc of MEDIA_PDFS) out.set(doc.file, { kind: 'pdf', doc });
  return out;
}

function render(spec: Spec): Buffer {
  if (spec.kind === 'pdf') return makePdf(spec.doc);
  const { pic } = spec;
  return topicPicture(pic.width, pic.height, pic);
}

/**
 * Drawing the pictures takes a few seconds, so finished files are kept in a machine-wide cache
 * (tests start many fresh apps, each with its own media store).
 */
function cached(file: string, spec: Spec): Buffer {
  const dir = join(tmpdir(), `oyster-demo-media-v${DEMO_FILES_VERSION}`);
  const path = join(dir, file.replace(/\//g, '__'));
  try {
    return readFileSync(path);
  } catch {
    /* not cached yet */
  }
  const data = render(spec);
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch {
    /* a cache is optional */
  }
  return data;
}

/** Writes the demo files the media store is missing; answers the size of each (for attachments and media rows). */
export async function ensureDemoFiles(media: MediaFiles | null): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const [file, spec] of specs()) {
    const there = media && (await media.head(file));
    if (there) {
      sizes.set(file, there.size);
      continue;
    }
    const data = cached(file, spec);
    if (media) await media.put(file, data);
    sizes.set(file, data.length);
  }
  return sizes;
}

export async function seedLearning(db: Db, media: MediaFiles | null): Promise<boolean> {
  const sizes = await ensureDemoFiles(media);
  return db.tx(async (q) => {
    await takeStartupLock(q);
    if ((await q.query('SELECT 1 FROM demo_seeds WHERE name = $1', [SEED_NAME])).length) return false;
    const users = new Map(
      (await q.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1)', [
        [DEMO_ACCOUNTS.copywriter.email, DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.owner.email],
      ])).map((u) => [u.email, u.id]),
    );
    const author = users.get(DEMO_ACCOUNTS.copywriter.email) ?? null;
    const now = Date.now();

    const newsIds: string[] = [];
    for (const n of NEWS) {
      const item = await createPost(q, 'news', {
        title: n.title, summary: n.summary, body: n.body, label: n.label, coverImageUrl: n.cover, status: n.draft ? 'draft' : 'published',
      }, author, daysAgo(n.daysAgo, now));
      newsIds.push(item._id);
    }
    for (const a of KNOWLEDGE) {
      await createPost(q, 'knowledge', {
        title: a.title, summary: a.summary, body: a.body, tags: a.tags, status: a.draft ? 'draft' : 'published',
      }, author, daysAgo(a.daysAgo, now));
    }

    const courseIds: string[] = [];
    const lessonIds: string[][] = [];
    for (const [i, c] of COURSES.entries()) {
      const id = await createCourse(q, { title: c.title, description: c.description, coverImageUrl: c.cover, status: 'published', position: i + 1 });
      courseIds.push(id);
      const ids: string[] = [];
      for (const l of c.lessons) {
        ids.push(await createLesson(q, id, {
          title: l.title,
          text: l.text,
          videoUrl: l.videoUrl,
          attachments: [{ name: l.pdf.name, url: `/media/${l.pdf.file}`, size: sizes.get(l.pdf.file) ?? 0 }],
        }));
      }
      lessonIds.push(ids);
    }

    const link = (l: string | null) =>
      l?.replace(/\{news:(\d+)\}/, (_, i) => `/app/news/${newsIds[Number(i)]}`).replace(/\{course:(\d+)\}/, (_, i) => `/app/academy/${courseIds[Number(i)]}`) ?? null;
    for (const b of BANNERS) {
      await createBanner(q, { title: b.title, link: link(b.link), storageFileName: b.file, active: b.active });
    }

    for (const m of MEDIA) {
      if (m.type === 'video') {
        await createMedia(q, { type: 'video', title: m.title, url: m.url!, thumbnailUrl: m.thumbnail ?? null, size: 0, mime: 'text/html' }, author, daysAgo(m.daysAgo, now));
      } else {
        const url = `/media/media/${m.file}`;
        await createMedia(q, {
          type: m.type, title: m.title, url, thumbnailUrl: m.type === 'photo' ? url : null,
          size: sizes.get(`media/${m.file}`) ?? 0, mime: m.type === 'photo' ? 'image/png' : 'application/pdf',
        }, author, daysAgo(m.daysAgo, now));
      }
    }

    // agent@ is half-way through the ОСАГО course; owner@ has started it.
    const progress: [string, number][] = [[DEMO_ACCOUNTS.agent.email, 2], [DEMO_ACCOUNTS.owner.email, 1]];
    for (const [email, done] of progress) {
      const userId = users.get(email);
      if (!userId) continue;
      for (const lessonId of lessonIds[0].slice(0, done)) {
        await q.query('INSERT INTO lesson_progress (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, lessonId]);
      }
    }
    await q.query('INSERT INTO demo_seeds (name) VALUES ($1)', [SEED_NAME]);
    return true;
  });
}
