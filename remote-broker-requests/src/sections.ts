/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */

export interface SectionInfo {
  title: string;
  /** Relative route patterns under the section ('' = the section itself); others are not found. */
  paths: string[];
}

export const SECTIONS: Record<string, SectionInfo> = {
  'broker-requests': { title: 'Запросы', paths: [''] },
  'new-request-broker': { title: 'Новый брокерский запрос', paths: ['', ':productType'] },
  'request-broker': { title: 'Брокерский запрос', paths: [':requestId', ':requestId/:step'] },
};
