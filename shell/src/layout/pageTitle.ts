import { sidebarItems, type SessionUser } from '@oyster/shared-kit/domain';

const EXTRA_TITLES: Record<string, string> = {
  profile: 'Профиль',
  'new-request-broker': 'Новый брокерский запрос',
  'request-broker': 'Брокерский запрос',
  'new-eosago': 'Е-ОСАГО',
  'new-ekasko': 'Е-КАСКО',
  'new-ifl': 'ИФЛ — квартира',
  'new-ifl_house': 'ИФЛ — дом',
  'new-vzr': 'ВЗР',
  'new-ipoteka': 'Ипотека',
  'new-manual': 'Ручной ввод полиса',
  manual: 'Ручной ввод полиса',
  news: 'Новости',
  knowledge: 'База знаний',
  academy: 'Обучение',
  media: 'Медиа',
  kit: 'Компоненты форм',
  contracts: 'Полисы',
  'broker-requests': 'Запросы',
  chats: 'Чаты',
  notifications: 'Уведомления',
  'oyster-app': 'Oyster.app',
  webinar: 'Вебинары',
  'soap-logs': 'SOAP-логи',
  agent: 'Агент',
  user: 'Пользователь',
  edit_template: 'Шаблон',
  add_template: 'Шаблон',
  edit_partner: 'Партнёр',
  add_partner: 'Партнёр',
};

/** What the header shows for the current path. */
export function pageTitleFor(pathname: string, user: SessionUser | null): string {
  const segment = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  if (!segment) return 'Главная';
  const item = user ? sidebarItems(user).find((i) => !i.external && i.path === `/${segment}`) : undefined;
  return item?.title ?? EXTRA_TITLES[segment] ?? '';
}
