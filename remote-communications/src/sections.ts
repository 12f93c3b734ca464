/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */

export interface SectionInfo {
  title: string;
  /** Relative route patterns under the section ('' = the section itself); others are not found. */
  paths: string[];
}

export const SECTIONS: Record<string, SectionInfo> = {
  chats: { title: 'Чаты', paths: ['', ':chatId'] },
  notifications: { title: 'Уведомления', paths: [''] },
  webinar: { title: 'Вебинары', paths: ['', ':webinarId'] },
};
