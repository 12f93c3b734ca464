import { moscowParts, untilTime, WEBINAR_REMINDER_MINUTES, WEBINAR_TEXTS, type Webinar, type WebinarInput, type WebinarRegistration, type WebinarRegistrationStatus, type WebinarStatus } from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { isoTime } from '../../platform/sql.js';
import { audienceIds } from '../campaigns/store.js';
import { pushNotifications, writeNotifications, type NotifyInput } from '../notifications.js';

/**
 * Webinars in the database (issue 13): planned by staff, announced to the agents (a toast and a line on
 * the bell), postponed (removeWebinar: the registered are told, the reminder is dropped), signed up for
 * and joined by agents; 10 minutes before the start the registered get the reminder — once, by the job
 * row claimed with FOR UPDATE SKIP LOCKED (migration 13), whatever the instances, even after a restart.
 */

type Ctx = Pick<AppContext, 'db' | 'rt' | 'unread'>;

interface WebinarRow {
  id: string;
  title: string;
  description: string;
  starts_at: string | Date;
  duration_min: number;
  platform: string;
  conference_link: string;
  removed: boolean;
  announced_at: string | Date | null;
  registrations: number;
  watched: number;
  registered: boolean;
}

const REMINDER_MS = WEBINAR_REMINDER_MINUTES * 60_000;
export function webinarStatus(startsAt: Date, durationMin: number, now: number): WebinarStatus {
  if (now >= startsAt.getTime() + durationMin * 60_000) return 'end';
  return now >= startsAt.getTime() ? 'live' : 'planned';
}

const SELECT = `
  SELECT w.id, w.title, w.description, w.starts_at, w.duration_min, w.platform, w.conference_link, w.removed, w.announced_at,
    (SELECT count(*)::int FROM webinar_registrations r WHERE r.webinar_id = w.id) AS registrations,
    (SELECT count(*)::int FROM webinar_registrations r WHERE r.webinar_id = w.id AND r.watched_at IS NOT NULL) AS watched,
    EXISTS (SELECT 1 FROM webinar_registrations r WHERE r.webinar_id = w.id AND r.user_id = $1) AS registered
  FROM webinars w`;

/** §3 webinar as the caller sees it (staff also get the counts). */
function toWebinar(r: WebinarRow, o: { staff: boolean; registered?: boolean; now?: number }): Webinar {
  const now = o.now ?? Date.now();
  const startsAt = new Date(r.starts_at);
  const status = webinarStatus(startsAt, r.duration_min, now);
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    ...moscowParts(startsAt),
    startsAt: startsAt.toISOString(),
    platform: r.platform,
    duration: r.duration_min,
    status,
    isSendAnnouncement: !r.removed && status !== 'end' && now >= startsAt.getTime() - REMINDER_MS,
    removeWebinar: r.removed,
    registration: o.registered ?? r.registered,
    untilTime: untilTime(startsAt, now),
    conferenceLink: r.conference_link,
    ...(o.staff ? { registrations: r.registrations, watched: r.watched, announcedAt: isoTime(r.announced_at) } : {}),
  };
}

async function row(q: Queryable, id: string, userId: string, lock = false): Promise<WebinarRow> {
  const [r] = await q.query<WebinarRow>(`${SELECT} WHERE w.id = $2${lock ? ' FOR UPDATE OF w' : ''}`, [userId, id]);
  if (!r) throw notFoundError(WEBINAR_TEXTS.notFound);
  return r;
}

export async function getWebinar(q: Queryable, id: string, me: { id: string; staff: boolean }): Promise<Webinar> {
  return toWebinar(await row(q, id, me.id), { staff: me.staff });
}

/**
 * The list: upcoming — not ended yet (postponed ones after the dated, they have no date to keep),
 * nearest first; past — ended, latest first.
 */
export async function listWebinars(q: Queryable, period: 'upcoming' | 'past', me: { id: string; staff: boolean }): Promise<Webinar[]> {
  const ended = `w.starts_at + w.duration_min * interval '1 minute' <= now()`;
  const sql =
    period === 'upcoming'
      ? `${SELECT} WHERE NOT (${ended}) OR w.removed ORDER BY w.removed, w.starts_at, w.id LIMIT 200`
      : `${SELECT} WHERE ${ended} AND NOT w.removed ORDER BY w.starts_at DESC, w.id DESC LIMIT 200`;
  return (await q.query<WebinarRow>(sql, [me.id])).map((r) => toWebinar(r, { staff: me.staff }));
}

export async function webinarRegistrations(q: Queryable, id: string, me: { id: string }): Promise<WebinarRegistration[]> {
  await row(q, id, me.id);
  const rows = await q.query<{ user_id: string; fio: string; email: string; signed_up_at: string | Date; watched_at: string | Date | null }>(
    `SELECT r.user_id, ${fioSql('u')} AS fio, u.email, r.signed_up_at, r.watched_at
     FROM webinar_registrations r JOIN users u ON u.id = r.user_id WHERE r.webinar_id = $1 ORDER BY r.signed_up_at, u.id LIMIT 2000`,
    [id],
  );
  return rows.map((r) => ({ userId: r.user_id, fio: r.fio, email: r.email, signedUpAt: isoTime(r.signed_up_at), watchedAt: isoTime(r.watched_at) }));
}

// ───────────────────────── staff ─────────────────────────

/** Arms (or re-arms, when the start moved) the reminder: 10 minutes before the start. */
async function armReminder(q: Queryable, id: string, startsAt: string): Promise<void> {
  await q.query(
    `INSERT INTO webinar_jobs (webinar_id, kind, run_at) VALUES ($1, 'reminder', $2::timestamptz - interval '${WEBINAR_REMINDER_MINUTES} minutes')
     ON CONFLICT (webinar_id, kind) DO UPDATE SET run_at = EXCLUDED.run_at,
       done_at = CASE WHEN webinar_jobs.run_at = EXCLUDED.run_at THEN webinar_jobs.done_at ELSE NULL END`,
    [id, startsAt],
  );
}

export async function createWebinar(q: Queryable, w: WebinarInput, authorId: string): Promise<string> {
  const id = newId();
  await q.query(
    `INSERT INTO webinars (id, title, description, starts_at, duration_min, platform, conference_link, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, w.title, w.description, w.startsAt, w.duration, w.platform, w.conferenceLink, authorId],
  );
  await armReminder(q, id, w.startsAt);
  return id;
}

function assertNotEnded(r: WebinarRow) {
  if (webinarStatus(new Date(r.starts_at), r.duration_min, Date.now()) === 'end') throw new HttpError(409, WEBINAR_TEXTS.ended);
}

/** Who signed up for a webinar. */
const registeredIds = async (q: Queryable, id: string) => (await q.query<{ user_id: string }>('SELECT user_id FROM webinar_registrations WHERE webinar_id = $1 ORDER BY user_id', [id])).map((r) => r.user_id);

/** What to tell whom once a change has committed: the toasts (per user: their own registration) and the bell. */
interface Word {
  row: WebinarRow;
  toasts: { userId: string; registered: boolean }[];
  bell: Awaited<ReturnType<typeof writeNotifications>>;
}

async function tell(ctx: Ctx, word: Word | null): Promise<void> {
  if (!word) return;
  const now = Date.now();
  // Two toasts (signed up or not), each sent once to all its users: an invitation to every agent of a
  // broker is two broadcasts, not one per agent (bench/drill-sockets.mjs).
  for (const registered of [true, false]) {
    const ids = word.toasts.filter((t) => t.registered === registered).map((t) => t.userId);
    ctx.rt.emitToUsers(ids, 'webinar-notification', toWebinar(word.row, { staff: false, registered, now }));
  }
  // The webinar's own toast says it: the bell gets its line and count, not a second toast.
  await pushNotifications(ctx, word.bell, { toast: false });
  ctx.rt.emitToAll('webinar_changed', { webinarId: word.row.id });
}

const when = (r: WebinarRow) => {
  const { date, time } = moscowParts(r.starts_at);
  return `${date} в ${time} (МСК), ${r.platform}`;
};

/**
 * Edits a webinar. A postponed one given a date is back on (the registered are told the new date), and
 * a moved start re-arms the reminder; an ended one cannot change.
 */
export async function updateWebinar(ctx: Ctx, id: string, w: WebinarInput, me: { id: string }): Promise<void> {
  const word = await ctx.db.tx(async (q): Promise<Word | null> => {
    const before = await row(q, id, me.id, true);
    assertNotEnded(before);
    await q.query(
      `UPDATE webinars SET title = $2, description = $3, starts_at = $4, duration_min = $5, platform = $6, conference_link = $7, removed = false, updated_at = now() WHERE id = $1`,
      [id, w.title, w.description, w.startsAt, w.duration, w.platform, w.conferenceLink],
    );
    await armReminder(q, id, w.startsAt);
    const moved = before.removed || new Date(before.starts_at).getTime() !== new Date(w.startsAt).getTime();
    const after = await row(q, id, me.id);
    if (!moved) return { row: after, toasts: [], bell: [] };
    const users = await registeredIds(q, id);
    const bell = await writeNotifications(q, users, { title: `Вебинар «${after.title}»: новое время`, body: when(after), action: `/webinar/${id}`, actionText: 'Подробнее' });
    return { row: after, toasts: users.map((userId) => ({ userId, registered: true })), bell };
  });
  await tell(ctx, word);
}

/** removeWebinar: the date is off; the registered are told «о следующем сообщим позже»; no reminder. */
export async function postponeWebinar(ctx: Ctx, id: string, me: { id: string }): Promise<void> {
  const word = await ctx.db.tx(async (q): Promise<Word> => {
    const before = await row(q, id, me.id, true);
    assertNotEnded(before);
    if (before.removed) throw new HttpError(409, 'Вебинар уже отложен');
    await q.query('UPDATE webinars SET removed = true, updated_at = now() WHERE id = $1', [id]);
    await q.query('DELETE FROM webinar_jobs WHERE webinar_id = $1', [id]);
    const after = await row(q, id, me.id);
    const users = await registeredIds(q, id);
    const bell = await writeNotifications(q, users, { title: WEBINAR_TEXTS.postponedTitle(after.title), body: WEBINAR_TEXTS.postponed, action: `/webinar/${id}`, actionText: 'Подробнее' });
    return { row: after, toasts: users.map((userId) => ({ userId, registered: true })), bell };
  });
  await tell(ctx, word);
}

/** Invites the agents (every non-staff user not blocked): the toast — «Записаться», or the registered version — and the bell. */
export async function announceWebinar(ctx: Ctx, id: string, me: { id: string }): Promise<number> {
  const word = await ctx.db.tx(async (q): Promise<Word> => {
    const r = await row(q, id, me.id, true);
    assertNotEnded(r);
    if (r.removed) throw new HttpError(409, 'Вебинар отложен: сначала назначьте новую дату');
    const users = await audienceIds(q, { roles: [], networkIds: [], opf: [], agentEmails: [] });
    const registered = new Set(await registeredIds(q, id));
    await q.query('UPDATE webinars SET announced_at = now(), updated_at = now() WHERE id = $1', [id]);
    const bell = await writeNotifications(q, users, { title: WEBINAR_TEXTS.inviteTitle(r.title), body: when(r), action: `/webinar/${id}`, actionText: 'Подробнее' });
    return { row: await row(q, id, me.id), toasts: users.map((userId) => ({ userId, registered: registered.has(userId) })), bell };
  });
  await tell(ctx, word);
  return word.toasts.length;
}

// ───────────────────────── agents ─────────────────────────

/**
 * §7 webinars/registration: 'singUp' signs the caller up; 'watch' marks them joining (signing them up if
 * they were not). Neither for an ended or a postponed webinar.
 */
export async function register(ctx: Ctx, id: string, userId: string, status: WebinarRegistrationStatus): Promise<Webinar> {
  const r = await ctx.db.tx(async (q) => {
    const w = await row(q, id, userId, true);
    assertNotEnded(w);
    if (w.removed) throw new HttpError(409, WEBINAR_TEXTS.postponedNoSignUp);
    await q.query(
      `INSERT INTO webinar_registrations (webinar_id, user_id, watched_at) VALUES ($1, $2, CASE WHEN $3 = 'watch' THEN now() END)
       ON CONFLICT (webinar_id, user_id) DO UPDATE SET watched_at = COALESCE(webinar_registrations.watched_at, EXCLUDED.watched_at)`,
      [id, userId, status],
    );
    return row(q, id, userId);
  });
  ctx.rt.emitToAll('webinar_changed', { webinarId: id });
  return toWebinar(r, { staff: false });
}

/** The toasts a user should see at start: their webinars whose reminder has gone and which they have not joined. */
export async function toastsFor(q: Queryable, userId: string): Promise<Webinar[]> {
  const rows = await q.query<WebinarRow>(
    `${SELECT} JOIN webinar_registrations mine ON mine.webinar_id = w.id AND mine.user_id = $1 AND mine.watched_at IS NULL
     WHERE NOT w.removed AND now() >= w.starts_at - interval '${WEBINAR_REMINDER_MINUTES} minutes' AND now() < w.starts_at + w.duration_min * interval '1 minute'
     ORDER BY w.starts_at, w.id LIMIT 5`,
    [userId],
  );
  return rows.map((r) => toWebinar(r, { staff: false }));
}

// ───────────────────────── the reminder ─────────────────────────

/**
 * The jobs' step (every WEBINAR_JOBS_MS on every instance): each due reminder is claimed by one
 * instance (FOR UPDATE SKIP LOCKED), marked done and its bell lines written in one transaction, then
 * pushed. A reminder that fell due while no api ran still goes if the webinar has not ended.
 */
export async function sendDueReminders(ctx: Ctx): Promise<number> {
  let sent = 0;
  for (;;) {
    const word = await ctx.db.tx(async (q): Promise<Word | 'none' | 'skipped'> => {
      const [job] = await q.query<{ webinar_id: string }>(
        `SELECT webinar_id FROM webinar_jobs WHERE kind = 'reminder' AND done_at IS NULL AND run_at <= now() ORDER BY run_at, webinar_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!job) return 'none';
      await q.query(`UPDATE webinar_jobs SET done_at = now() WHERE webinar_id = $1 AND kind = 'reminder'`, [job.webinar_id]);
      const [r] = await q.query<WebinarRow>(`${SELECT} WHERE w.id = $2`, ['', job.webinar_id]);
      if (!r || r.removed || webinarStatus(new Date(r.starts_at), r.duration_min, Date.now()) === 'end') return 'skipped';
      const users = await registeredIds(q, r.id);
      const input: NotifyInput = { title: WEBINAR_TEXTS.reminderTitle(r.title), body: when(r), action: `/webinar/${r.id}`, actionText: 'Подробнее' };
      const bell = await writeNotifications(q, users, input);
      return { row: r, toasts: users.map((userId) => ({ userId, registered: true })), bell };
    });
    if (word === 'none') return sent;
    if (word === 'skipped') continue;
    await tell(ctx, word);
    sent += 1;
  }
}
