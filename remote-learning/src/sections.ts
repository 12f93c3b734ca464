/** The sections under /app/ that this remote renders (SECTION_REMOTES maps them here) and their titles. */

export interface SectionInfo {
  title: string;
}

export const SECTIONS: Record<string, SectionInfo> = {
  news: { title: 'Новости' },
  knowledge: { title: 'База знаний' },
  academy: { title: 'Обучение' },
  media: { title: 'Медиа' },
};
