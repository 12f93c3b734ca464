import { access, DEMO_USERS, SECTIONS, sectionTitle } from '@oyster/shared-kit/domain';
import { pageTitleFor } from './pageTitle';

describe('header title (the section registry)', () => {
  it('every section of the registry has its title in the header, on the section and below it', () => {
    const admin = DEMO_USERS.admin;
    for (const section of SECTIONS) {
      const title = sectionTitle(section, access(admin));
      expect(title).not.toBe('');
      expect(pageTitleFor(`/${section.path}`, admin)).toBe(title);
      if (section.path) expect(pageTitleFor(`/${section.path}/123/edit`, admin)).toBe(title);
    }
  });

  it('keeps the titles the header has always shown', () => {
    const titles: Record<string, string> = {
      '/': 'Главная',
      '/profile': 'Профиль',
      '/new-request-broker/kasko': 'Новый брокерский запрос',
      '/request-broker/1/2': 'Брокерский запрос',
      '/new-eosago': 'Е-ОСАГО',
      '/new-ekasko': 'Е-КАСКО',
      '/new-ifl': 'ИФЛ — квартира',
      '/new-ifl_house': 'ИФЛ — дом',
      '/new-vzr': 'ВЗР',
      '/new-ipoteka/2': 'Ипотека',
      '/new-manual': 'Ручной ввод полиса',
      '/manual/contracts/1/2': 'Ручной ввод полиса',
      '/news/1': 'Новости',
      '/knowledge': 'База знаний',
      '/academy': 'Обучение',
      '/media': 'Медиа',
      '/kit': 'Компоненты форм',
      '/contracts/1': 'Полисы',
      '/broker-requests': 'Запросы',
      '/chats': 'Чаты',
      '/notifications': 'Уведомления',
      '/oyster-app': 'Oyster.app',
      '/webinar': 'Вебинары',
      '/soap-logs': 'SOAP-логи',
      '/agent/1': 'Агент',
      '/user/create': 'Пользователь',
      '/edit_template/1': 'Шаблон КВ',
      '/add_template/1': 'Шаблон КВ',
      '/edit_partner/1': 'Партнёр',
      '/add_partner': 'Партнёр',
      '/agents': 'Агенты',
      '/sub_agents': 'Субагенты',
      '/finance': 'Финансы',
      '/manage': 'Управление',
      '/analytics': 'Аналитика',
    };
    for (const [path, title] of Object.entries(titles)) expect([path, pageTitleFor(path, DEMO_USERS.owner)]).toEqual([path, title]);
  });

  it('commissions are «Мое КВ» for an agent and «КВ всех» for staff and brokers (spec §6)', () => {
    expect(pageTitleFor('/cr', DEMO_USERS.agent)).toBe('Мое КВ');
    expect(pageTitleFor('/cr/payouts', DEMO_USERS.admin)).toBe('КВ всех');
    expect(pageTitleFor('/cr', DEMO_USERS.broker)).toBe('КВ всех');
  });

  it('a path outside the registry has no title', () => {
    expect(pageTitleFor('/no-such-section', DEMO_USERS.agent)).toBe('');
  });
});
