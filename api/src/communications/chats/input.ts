import { CHAT_LIMITS, CHAT_TEXTS } from '@oyster/shared-kit/domain';
import { yup } from '../../platform/validation.js';

/**
 * What a chat's writers send, one schema each for both doors — the users' routes (routes/chats.ts) and
 * Oyster.app's backend (routes/client-chats.ts): a message, a file's fields, a read mark, a page of history.
 */
const seqField = (label: string) => yup.number().integer().min(0).max(Number.MAX_SAFE_INTEGER).label(label);
const clientKeyField = yup.string().trim().matches(CHAT_LIMITS.clientKeyPattern, CHAT_TEXTS.badClientKey).required(CHAT_TEXTS.badClientKey).label('clientKey');

export const messagesQuery = yup.object({
  after: seqField('after'),
  before: seqField('before'),
  limit: yup.number().integer().min(1).max(200).default(CHAT_LIMITS.pageSize).label('limit'),
});
export type MessagesQuery = { after?: number; before?: number; limit: number };

export const messageBody = yup.object({
  text: yup.string().trim().required(CHAT_TEXTS.emptyText).min(1, CHAT_TEXTS.emptyText).max(CHAT_LIMITS.maxText).label('text'),
  clientKey: clientKeyField,
});

/** The plain fields of a file message (multipart): an optional caption and the client key. */
export const fileFields = yup.object({
  text: yup.string().trim().max(CHAT_LIMITS.maxText).default('').label('text'),
  clientKey: clientKeyField,
});

export const readBody = yup.object({ seq: seqField('seq').required() });
