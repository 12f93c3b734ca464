/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */

import type { SectionInfo } from '@oyster/shared-kit/ui/sections';

export type { SectionInfo };

export const SECTIONS: Record<string, SectionInfo> = {
  'broker-requests': { title: 'Запросы', paths: [''] },
  'new-request-broker': { title: 'Новый брокерский запрос', paths: ['', ':productType'] },
  'request-broker': { title: 'Брокерский запрос', paths: [':requestId', ':requestId/:step'] },
};
