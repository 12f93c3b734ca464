import {
  CAMPAIGN_TEXTS,
  type CampaignAudience,
  type CampaignDetails,
  type CampaignInput,
  type CampaignRecipient,
  type CampaignStatus,
  type CampaignSummary,
  type CommunicationNotification,
  type CommunicationReaction,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/sanitize.js';
import { isoTime } from '../../platform/sql.js';

/**
 * Popup campaigns in the database (issue 13): written by staff, sent once — now, or by the scheduler
 * when due (claimed with FOR UPDATE SKIP LOCKED in the same transaction that writes the deliveries, so
 * two instances never send one twice and a crash sends nothing half) — and logged by the recipients'
 * apps (every log kept; a delivery's first log is its show, a button its reaction).
 */

interface CampaignRow {
  id: string;
  title: string;
  text_html: string;
  actions: { text: string; link: string }[];
  action_color: 'green' | null;
  dark_background: boolean;
  sound: CampaignInput['sound'];
  image_url: string | null;
  audience: CampaignAudience;
  status: CampaignStatus;
  send_at: string | Date | null;
  sent_at: string | Date | null;
  recipients: number;
  created_at: string | Date;
  author: string;
  shown: number;
  reacted: number;
}

const SELECT = `
  SELECT c.*, ${fioSql('u')} AS author,
    (SELECT count(*)::int FROM campaign_deliveries d WHERE d.campaign_id = c.id AND d.shown_at IS NOT NULL) AS shown,
    (SELECT count(*)::int FROM campaign_deliveries d WHERE d.campaign_id = c.id AND d.reaction BETWEEN 1 AND 3) AS reacted
  FROM campaigns c JOIN users u ON u.id = c.created_by`;

const toSummary = (r: CampaignRow): CampaignSummary => ({
  _id: r.id,
  title: r.title,
  status: r.status,
  sendAt: isoTime(r.send_at),
  sentAt: isoTime(r.sent_at),
  createdAt: isoTime(r.created_at),
  author: r.author,
  recipients: r.recipients,
  shown: r.shown,
  reacted: r.reacted,
});

export async function listCampaigns(q: Queryable, limit = 100): Promise<CampaignSummary[]> {
  const rows = await q.query<CampaignRow>(`${SELECT} ORDER BY c.created_at DESC, c.id DESC LIMIT $1`, [limit]);
  return rows.map(toSummary);
}

async function row(q: Queryable, id: string, lock = false): Promise<CampaignRow> {
  const [r] = await q.query<CampaignRow>(`${SELECT} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
  if (!r) throw notFoundError(CAMPAIGN_TEXTS.notFound);
  return r;
}

export async function campaignDetails(q: Queryable, id: string): Promise<CampaignDetails> {
  const r = await row(q, id);
  const counts = await q.query<{ reaction: number; n: number }>('SELECT reaction, count(*)::int AS n FROM campaign_deliveries WHERE campaign_id = $1 AND reaction IS NOT NULL GROUP BY reaction', [id]);
  const by = (code: number) => counts.find((c) => c.reaction === code)?.n ?? 0;
  return {
    ...toSummary(r),
    text: r.text_html,
    actions: r.actions,
    actionColor: r.action_color,
    darkBackground: r.dark_background,
    sound: r.sound,
    imageUrl: r.image_url,
    audience: r.audience,
    reactions: { 1: by(1), 2: by(2), 3: by(3), closed: by(4) },
  };
}

// ───────────────────────── the audience ─────────────────────────

/**
 * Who a campaign goes to: the listed agents (every e-mail must be one; the unknown are named), or the
 * users matching every filter given — by default the agents (not the broker's staff). Blocked users never.
 */
export async function audienceIds(q: Queryable, a: CampaignAudience): Promise<string[]> {
  if (a.agentEmails.length) {
    const emails = [...new Set(a.agentEmails.map((e) => e.trim().toLowerCase()))];
    const rows = await q.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1::text[]) AND NOT is_blocked AND NOT is_personal', [emails]);
    const unknown = emails.filter((e) => !rows.some((r) => r.email === e));
    if (unknown.length) throw new HttpError(400, CAMPAIGN_TEXTS.unknownAgents(unknown));
    return rows.map((r) => r.id);
  }
  const where = ['NOT is_blocked'];
  const params: unknown[] = [];
  if (a.roles.length) {
    params.push(a.roles);
    where.push(`roles && $${params.length}::text[]`);
  } else where.push('NOT is_personal');
  if (a.networkIds.length) {
    params.push(a.networkIds);
    where.push(`broker_network_id = ANY($${params.length}::text[])`);
  }
  if (a.opf.length) {
    params.push(a.opf);
    where.push(`opf = ANY($${params.length}::text[])`);
  }
  const rows = await q.query<{ id: string }>(`SELECT id FROM users WHERE ${where.join(' AND ')} ORDER BY id`, params);
  return rows.map((r) => r.id);
}

// ───────────────────────── writing ─────────────────────────

const columns = (c: CampaignInput) => [
  c.title,
  sanitizeHtml(c.text),
  JSON.stringify(c.actions),
  c.actionColor,
  c.darkBackground,
  c.sound,
  c.imageUrl,
  JSON.stringify(c.audience),
  c.sendAt ? 'scheduled' : 'draft',
  c.sendAt,
];

export async function createCampaign(q: Queryable, c: CampaignInput, authorId: string): Promise<string> {
  const id = newId();
  await q.query(
    `INSERT INTO campaigns (title, text_html, actions, action_color, dark_background, sound, image_url, audience, status, send_at, id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [...columns(c), id, authorId],
  );
  return id;
}

export async function updateCampaign(q: Queryable, id: string, c: CampaignInput): Promise<void> {
  const r = await row(q, id, true);
  if (r.status === 'sent') throw new HttpError(409, CAMPAIGN_TEXTS.notEditable);
  await q.query(
    `UPDATE campaigns SET title = $1, text_html = $2, actions = $3, action_color = $4, dark_background = $5, sound = $6, image_url = $7, audience = $8, status = $9, send_at = $10, updated_at = now() WHERE id = $11`,
    [...columns(c), id],
  );
}

export async function deleteCampaign(q: Queryable, id: string): Promise<void> {
  const r = await row(q, id, true);
  if (r.status === 'sent') throw new HttpError(409, CAMPAIGN_TEXTS.notEditable);
  await q.query('DELETE FROM campaigns WHERE id = $1', [id]);
}

// ───────────────────────── sending ─────────────────────────

/** What a recipient's app shows (§3 communication notification). */
export function toNotification(r: Pick<CampaignRow, 'id' | 'title' | 'text_html' | 'actions' | 'action_color' | 'dark_background' | 'sound' | 'image_url'>, guid: string): CommunicationNotification {
  const [a1, a2, a3] = r.actions;
  return {
    _id: r.id,
    guid,
    message: {
      title: r.title,
      text: r.text_html,
      actionText: a1?.text ?? null,
      action: a1?.link ?? null,
      secondActionText: a2?.text ?? null,
      secondAction: a2?.link ?? null,
      thirdActionText: a3?.text ?? null,
      thirdAction: a3?.link ?? null,
      actionColor: r.action_color,
      darkBackground: r.dark_background,
      outputSound: !!r.sound,
      sound: r.sound,
    },
    image: r.image_url ? { storageFileName: r.image_url.replace(/^\/media\//, '') } : null,
  };
}

interface Sent {
  campaign: CampaignRow;
  deliveries: { guid: string; userId: string }[];
}

/** Writes the deliveries of a campaign claimed in this transaction and marks it sent. */
async function deliver(q: Queryable, c: CampaignRow): Promise<Sent> {
  const users = await audienceIds(q, c.audience);
  const deliveries = users.map((userId) => ({ guid: newId(), userId }));
  for (let i = 0; i < deliveries.length; i += 500) {
    const part = deliveries.slice(i, i + 500);
    await q.query(
      `INSERT INTO campaign_deliveries (guid, campaign_id, user_id) SELECT g, $1, u FROM unnest($2::text[], $3::text[]) AS t(g, u) ON CONFLICT (campaign_id, user_id) DO NOTHING`,
      [c.id, part.map((d) => d.guid), part.map((d) => d.userId)],
    );
  }
  await q.query(`UPDATE campaigns SET status = 'sent', sent_at = now(), recipients = $2, updated_at = now() WHERE id = $1`, [c.id, deliveries.length]);
  return { campaign: c, deliveries };
}

/** Pushes the popups written (after the commit: an app fetching its pending ones finds them). */
function push(ctx: Pick<AppContext, 'rt'>, sent: Sent) {
  for (const d of sent.deliveries) ctx.rt.emitToUser(d.userId, 'notification-market', { options: { notification: toNotification(sent.campaign, d.guid) } });
}

/** «Отправить сейчас»: a draft or a scheduled campaign goes out at once; a sent one is a 409. */
export async function sendNow(ctx: Pick<AppContext, 'db' | 'rt'>, id: string): Promise<void> {
  const sent = await ctx.db.tx(async (q) => {
    const c = await row(q, id, true);
    if (c.status === 'sent') throw new HttpError(409, CAMPAIGN_TEXTS.notEditable);
    return deliver(q, c);
  });
  push(ctx, sent);
}

/** The scheduler's step: every due campaign, each claimed by one instance only, sent once. */
export async function sendDue(ctx: Pick<AppContext, 'db' | 'rt'>): Promise<number> {
  let count = 0;
  for (;;) {
    const sent = await ctx.db.tx(async (q) => {
      const [due] = await q.query<{ id: string }>(`SELECT id FROM campaigns WHERE status = 'scheduled' AND send_at <= now() ORDER BY send_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
      if (!due) return null;
      return deliver(q, await row(q, due.id));
    });
    if (!sent) return count;
    push(ctx, sent);
    count += 1;
  }
}

// ───────────────────────── the campaign's page follows ─────────────────────────

/** How often one campaign's page is told its counts moved (per instance): a burst of shows is one push. */
const STATS_PUSH_MS = 2000;
const statsDue = new Map<string, NodeJS.Timeout>();

/** Tells the people who manage campaigns that this one's counts moved (at most every STATS_PUSH_MS). */
export function pushStats(ctx: Pick<AppContext, 'db' | 'rt'>, campaignId: string): void {
  if (statsDue.has(campaignId)) return;
  const timer = setTimeout(() => {
    statsDue.delete(campaignId);
    void ctx.db
      .query<{ id: string }>(`SELECT id FROM users WHERE roles && ARRAY['admin','copywriter']::text[] AND NOT is_blocked`)
      .then((staff) => staff.forEach((u) => ctx.rt.emitToUser(u.id, 'campaign_stats', { campaignId })))
      .catch(() => undefined);
  }, STATS_PUSH_MS);
  timer.unref();
  statsDue.set(campaignId, timer);
}

// ───────────────────────── the recipients' side ─────────────────────────

/** The user's deliveries not shown yet (made while their app was closed), oldest first. */
export async function pendingFor(q: Queryable, userId: string): Promise<CommunicationNotification[]> {
  const rows = await q.query<CampaignRow & { guid: string }>(
    `SELECT c.*, d.guid FROM campaign_deliveries d JOIN campaigns c ON c.id = d.campaign_id WHERE d.user_id = $1 AND d.shown_at IS NULL ORDER BY d.created_at, d.guid LIMIT 20`,
    [userId],
  );
  return rows.map((r) => toNotification(r, r.guid));
}

/**
 * One log of a recipient's app (§7 set-logs/communication): kept; the delivery's first log is its show;
 * a button (1–3) is its reaction, a close (4) after the show too unless a button came first.
 */
export async function logCommunication(q: Queryable, userId: string, log: { communicationId: string; guid: string; reaction: CommunicationReaction }): Promise<void> {
  const [d] = await q.query<{ shown_at: unknown; reaction: number | null }>('SELECT shown_at, reaction FROM campaign_deliveries WHERE guid = $1 AND campaign_id = $2 AND user_id = $3 FOR UPDATE', [log.guid, log.communicationId, userId]);
  if (!d) throw notFoundError(CAMPAIGN_TEXTS.notRecipient);
  await q.query('INSERT INTO communication_logs (communication_id, guid, agent_id, reaction) VALUES ($1, $2, $3, $4)', [log.communicationId, log.guid, userId, log.reaction]);
  const button = log.reaction !== 4;
  const reaction = button ? (d.reaction !== null && d.reaction !== 4 ? d.reaction : log.reaction) : d.shown_at !== null ? (d.reaction ?? 4) : d.reaction;
  await q.query(
    `UPDATE campaign_deliveries SET shown_at = COALESCE(shown_at, now()), reaction = $2, reacted_at = CASE WHEN $2::smallint IS DISTINCT FROM reaction THEN now() ELSE reacted_at END WHERE guid = $1`,
    [log.guid, reaction],
  );
}

export async function campaignRecipients(q: Queryable, id: string, page: number, pageSize: number): Promise<{ items: CampaignRecipient[]; total: number }> {
  await row(q, id);
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_deliveries WHERE campaign_id = $1', [id]);
  const rows = await q.query<{ user_id: string; fio: string; email: string; shown_at: Date | string | null; reaction: CommunicationReaction | null; reacted_at: Date | string | null }>(
    `SELECT d.user_id, ${fioSql('u')} AS fio, u.email, d.shown_at, d.reaction, d.reacted_at
     FROM campaign_deliveries d JOIN users u ON u.id = d.user_id WHERE d.campaign_id = $1
     ORDER BY d.shown_at DESC NULLS LAST, u.second_name, u.id LIMIT $2 OFFSET $3`,
    [id, pageSize, (page - 1) * pageSize],
  );
  return {
    total: n,
    items: rows.map((r) => ({ userId: r.user_id, fio: r.fio, email: r.email, shownAt: isoTime(r.shown_at), reaction: r.reaction, reactedAt: isoTime(r.reacted_at) })),
  };
}
