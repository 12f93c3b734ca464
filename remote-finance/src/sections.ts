/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */

import type { SectionInfo } from '@oyster/shared-kit/ui/sections';

export type { SectionInfo };

export const SECTIONS: Record<string, SectionInfo> = {
  cr: { title: 'Комиссионное вознаграждение', paths: ['', ':tab'] },
  finance: { title: 'Финансы', paths: ['', ':tab'] },
  agents: { title: 'Агенты', paths: ['', ':tab'] },
  agent: { title: 'Агент', paths: [':agentId'] },
  sub_agents: { title: 'Субагенты', paths: ['', ':tab'] },
  manage: { title: 'Управление', paths: ['', ':tab'] },
  analytics: { title: 'Аналитика', paths: ['', ':tab'] },
  user: { title: 'Пользователь', paths: ['create', ':userId'] },
  edit_partner: { title: 'Партнёр', paths: [':partnerId'] },
  add_partner: { title: 'Новый партнёр', paths: [''] },
};
