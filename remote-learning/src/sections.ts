/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */

export interface SectionInfo {
  title: string;
  /** Relative route patterns under the section ('' = the section itself); others are not found. */
  paths: string[];
}

export const SECTIONS: Record<string, SectionInfo> = {
  news: { title: 'Новости', paths: ['', ':newsId'] },
  knowledge: { title: 'База знаний', paths: ['', ':articleId'] },
  media: { title: 'Медиа', paths: ['', ':mediaId'] },
  academy: { title: 'Обучение', paths: ['', ':courseId', ':courseId/:lessonId'] },
};
