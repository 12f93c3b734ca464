/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */

import type { SectionInfo } from '@oyster/shared-kit/ui/sections';

export type { SectionInfo };

export const SECTIONS: Record<string, SectionInfo> = {
  chats: { title: 'Чаты', paths: ['', ':chatId'] },
  notifications: { title: 'Уведомления', paths: [''] },
  webinar: { title: 'Вебинары', paths: ['', ':webinarId'] },
};
