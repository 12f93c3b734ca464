/**
 * Learning (news, knowledge base, academy, media, banners): the rules the screens and the api share.
 * Who may edit is `access(user).canEditLearning`; which course list a user gets is `courseListKind`.
 */

/** News, knowledge articles and courses are either published (everyone reads) or drafts (editors only). */
export type PublicationStatus = 'published' | 'draft';

export const PUBLICATION_STATUS_TITLES: Record<PublicationStatus, string> = {
  published: 'Опубликовано',
  draft: 'Черновик',
};

/** Lists: the default page, the largest page the api serves, and the home widgets (spec §7: pageSize 3). */
export const LEARNING_PAGE_SIZE = 10;
export const LEARNING_MAX_PAGE_SIZE = 50;
export const HOME_LIST_SIZE = 3;

/** The knowledge base's full-text search waits this long after the last keystroke. */
export const LEARNING_SEARCH_DEBOUNCE_MS = 300;

export type MediaType = 'photo' | 'video' | 'document';
export const MEDIA_TYPES: readonly MediaType[] = ['photo', 'video', 'document'];
export const MEDIA_TYPE_TITLES: Record<MediaType, string> = {
  photo: 'Фото',
  video: 'Видео',
  document: 'Документы',
};

/** Where an upload goes (`POST /api/v2/uploads?kind=`); the server checks the size and type. */
export type UploadKind = 'banners' | 'news' | 'courses' | 'media';
