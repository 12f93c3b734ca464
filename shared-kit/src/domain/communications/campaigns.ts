/**
 * Popup communications (spec §2 popup-notification modal, §3 communication notification and log
 * payload, §4 popup queue, §7 set-logs/communication and the socket's notification-market; issue 13):
 * staff (admins, copywriters) make a campaign — a popup with a title, HTML text, up to three buttons,
 * a sound — for an audience, now or at a time; each recipient's app shows it once, one popup at a time,
 * and logs the show and the reaction, from which the campaign's page counts who saw and who reacted.
 */

/** §3 sounds a popup may play (real short audio files served by the shell: /app/sounds/{sound}.wav). */
export const POPUP_SOUNDS = ['sound1', 'sound2', 'sound3'] as const;
export type PopupSound = (typeof POPUP_SOUNDS)[number];
export const POPUP_SOUND_TITLES: Record<PopupSound, string> = { sound1: 'Звонок', sound2: 'Колокольчик', sound3: 'Сигнал' };
export const popupSoundUrl = (sound: PopupSound) => `/app/sounds/${sound}.wav`;

/** §3 communication notification (popup), as the socket's `notification-market` carries it in `options.notification`. */
export interface CommunicationNotification {
  /** The campaign (communicationId in the logs). */
  _id: string;
  /** This delivery to this user (guid in the logs). */
  guid: string;
  message: {
    title: string;
    /** HTML, sanitised by the server when the campaign is saved (and rendered as such). */
    text: string;
    actionText?: string | null;
    action?: string | null;
    secondActionText?: string | null;
    secondAction?: string | null;
    thirdActionText?: string | null;
    thirdAction?: string | null;
    /** 'green' is special (the buttons are green); anything else: the house colour. */
    actionColor?: string | null;
    darkBackground?: boolean;
    outputSound?: boolean;
    sound?: PopupSound | null;
  };
  image?: { storageFileName: string } | null;
}

/** §9 communication log codes: 1, 2, 3 — the buttons; 4 — closed, or shown (registration). */
export type CommunicationReaction = 1 | 2 | 3 | 4;
export const REACTION_CLOSE_OR_SHOWN: CommunicationReaction = 4;

/** §3 communication log payload: POST /api/v2/set-logs/communication. */
export interface CommunicationLog {
  communicationId: string;
  guid: string;
  agentId: string;
  reaction: CommunicationReaction;
}

/** The buttons of a popup in order, with their reaction codes (1, 2, 3); only those with a text. */
export function popupActions(m: CommunicationNotification['message']): { text: string; link: string | null; reaction: 1 | 2 | 3 }[] {
  const all = [
    { text: m.actionText, link: m.action, reaction: 1 as const },
    { text: m.secondActionText, link: m.secondAction, reaction: 2 as const },
    { text: m.thirdActionText, link: m.thirdAction, reaction: 3 as const },
  ];
  return all.filter((a) => !!a.text?.trim()).map((a) => ({ text: a.text!.trim(), link: a.link?.trim() || null, reaction: a.reaction }));
}

/**
 * §4 popup queue: a new popup goes first and the popup opens; one shows at a time; closing removes the
 * first, and the popup stays open only while more remain. The same delivery (guid) never twice.
 */
export function queueAdd(queue: readonly CommunicationNotification[], next: CommunicationNotification): CommunicationNotification[] {
  if (queue.some((n) => n.guid === next.guid)) return [...queue];
  return [next, ...queue];
}
export function queueCloseFirst(queue: readonly CommunicationNotification[]): CommunicationNotification[] {
  return queue.slice(1);
}

/** Who a campaign goes to: the users matching every given filter (empty = any), or exactly the listed agents. */
export interface CampaignAudience {
  roles: string[];
  networkIds: string[];
  /** §9 organisation forms: FL, IP, SZ, YL. */
  opf: string[];
  /** E-mails of agents: when given, the campaign goes to exactly them (the filters above are not used). */
  agentEmails: string[];
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sent';
export const CAMPAIGN_STATUS_TITLES: Record<CampaignStatus, string> = { draft: 'Черновик', scheduled: 'Запланирована', sent: 'Отправлена' };

/** What staff write (POST/PUT /api/v2/campaigns). */
export interface CampaignInput {
  title: string;
  text: string;
  actions: { text: string; link: string }[];
  actionColor: 'green' | null;
  darkBackground: boolean;
  sound: PopupSound | null;
  imageUrl: string | null;
  audience: CampaignAudience;
  /** ISO time to send at; null — a draft; 'now' is sent at once by POST /campaigns/{id}/send. */
  sendAt: string | null;
}

export interface CampaignSummary {
  _id: string;
  title: string;
  status: CampaignStatus;
  sendAt: string | null;
  sentAt: string | null;
  createdAt: string;
  author: string;
  recipients: number;
  shown: number;
  reacted: number;
}

export interface CampaignDetails extends CampaignSummary, Omit<CampaignInput, 'sendAt'> {
  /** Reactions by code: how many recipients pressed button 1, 2, 3; closed without a button. */
  reactions: { 1: number; 2: number; 3: number; closed: number };
}

/** One recipient's line on the campaign's page. */
export interface CampaignRecipient {
  userId: string;
  fio: string;
  email: string;
  shownAt: string | null;
  /** The button pressed (1–3), 4 closed, null — not reacted yet. */
  reaction: CommunicationReaction | null;
  reactedAt: string | null;
}

export const CAMPAIGN_LIMITS = {
  title: 200,
  text: 5000,
  actionText: 40,
  link: 500,
  maxActions: 3,
  maxAgents: 500,
} as const;

export const CAMPAIGN_TEXTS = {
  empty: 'Рассылок пока нет',
  create: 'Новая рассылка',
  sendNow: 'Отправить сейчас',
  schedule: 'Запланировать',
  saveDraft: 'Сохранить черновик',
  audienceEmpty: 'Никто не подходит под выбранную аудиторию',
  unknownAgents: (emails: string[]) => `Поле «audience.agentEmails»: нет агентов с адресами ${emails.join(', ')}`,
  notEditable: 'Отправленную рассылку изменить нельзя',
  pastSendAt: 'Поле «sendAt»: время отправки уже прошло',
  notFound: 'Рассылка не найдена',
  notRecipient: 'Эта рассылка вам не отправлялась',
} as const;
