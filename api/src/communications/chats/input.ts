import { CHAT_LIMITS, CHAT_TEXTS } from '@oyster/shared-kit/domain';
import { yup } from '../../platform/validation.js';

/**
 * What a chat's writers send, one schema each for both doors — the users' routes (routes/chats.ts) and
 * Oyster.app's backend (routes/client-chats.ts): a message, a file's fields, a read mark, a page of history.
 */
const seqField = (label: string) => yup.number().integer().min(0).max(Number.MAX_SAFE_INTEGER).label(label);
/**
 * The writer's own key of a message: the same key twice is one message (a retry is safe). Optional for
 * the users' door, as spec §7 sends only `text` (without a key each call writes a message); required of
 * Oyster.app's backend, whose retries must never double a client's message.
 */
const optionalClientKey = yup
  .string()
  .trim()
  .transform((v: unknown) => (v === '' || v === null ? undefined : v))
  .matches(CHAT_LIMITS.clientKeyPattern, CHAT_TEXTS.badClientKey)
  .label('clientKey');
const clientKeyField = optionalClientKey.required(CHAT_TEXTS.badClientKey);

export const messagesQuery = yup.object({
  after: seqField('after'),
  before: seqField('before'),
  limit: yup.number().integer().min(1).max(200).default(CHAT_LIMITS.pageSize).label('limit'),
});
export type MessagesQuery = { after?: number; before?: number; limit: number };

const messageText = yup.string().trim().required(CHAT_TEXTS.emptyText).min(1, CHAT_TEXTS.emptyText).max(CHAT_LIMITS.maxText).label('text');
const captionText = yup.string().trim().max(CHAT_LIMITS.maxText).default('').label('text');

/** A user's message (spec §7: `text`), with an optional client key. */
export const messageBody = yup.object({ text: messageText, clientKey: optionalClientKey });
/** Oyster.app's backend: the same, its client key required. */
export const keyedMessageBody = yup.object({ text: messageText, clientKey: clientKeyField });

/** The plain fields of a file message (multipart): an optional caption and the client key (optional for users). */
export const fileFields = yup.object({ text: captionText, clientKey: optionalClientKey });
export const keyedFileFields = yup.object({ text: captionText, clientKey: clientKeyField });

export const readBody = yup.object({ seq: seqField('seq').required() });
