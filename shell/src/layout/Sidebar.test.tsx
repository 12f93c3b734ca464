import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DEMO_USERS, type SessionUser, type SidebarCounters } from '@oyster/shared-kit/domain';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { Sidebar } from './Sidebar';

function renderSidebar(user: SessionUser, counters: SidebarCounters = {}, route = '/') {
  const onLogout = jest.fn();
  render(
    <OysterProvider>
      <MemoryRouter initialEntries={[route]}>
        <Sidebar user={user} counters={counters} onLogout={onLogout} />
      </MemoryRouter>
    </OysterProvider>,
  );
  const nav = screen.getByTestId('sidebar');
  // The items' titles (a link's accessible name adds its badge's number: «Чаты, 2»).
  const titles = within(nav)
    .getAllByRole('link')
    .map((a) => a.closest('[data-sidebar-item]')?.getAttribute('data-sidebar-item') ?? a.getAttribute('aria-label') ?? a.textContent);
  return { nav, titles, onLogout };
}

describe('sidebar (spec §2, §6)', () => {
  it('agent: own commissions, profile, notifications, new policy', () => {
    const { titles, nav } = renderSidebar(DEMO_USERS.agent, { chatsOpenedCount: 2, countNotifications: 150 });
    expect(titles).toEqual(['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!']);
    // «Новый полис» opens the showcase (a button, not a page).
    expect(within(nav).getByRole('button', { name: 'Новый полис' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Уведомления, 99' })).toHaveTextContent('99');
    expect(within(nav).getByRole('link', { name: 'Чаты, 2' })).toHaveTextContent('2');
    expect(within(nav).getByRole('link', { name: 'Мы рядом!' })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByText('Агент')).toBeInTheDocument();
    expect(within(nav).getByText('Иванов И. П.')).toBeInTheDocument();
    expect(within(nav).getByText(/ФЛ/)).toBeInTheDocument();
  });

  it('admin: all staff sections, no profile or notifications', () => {
    const { titles, nav } = renderSidebar(DEMO_USERS.admin);
    expect(titles).toEqual([
      'Главная', 'Полисы', 'Запросы', 'КВ всех', 'Финансы', 'Управление', 'Аналитика', 'Oyster.app', 'Обучение', 'Медиа', 'Чаты', 'Рассылки', 'Мы рядом!',
    ]);
    expect(within(nav).getByRole('button', { name: 'Новый полис' })).toBeInTheDocument();
    expect(within(nav).getByText('Администратор')).toBeInTheDocument();
  });

  it('manager: requests badge, agents, chats counted by flag, no new policy', () => {
    const { titles, nav } = renderSidebar(DEMO_USERS.manager, { agentChats: 4, clientChats: 7, chatsOpenedCount: 50 });
    expect(titles).toEqual(['Главная', 'Полисы', 'Запросы', 'Агенты', 'Oyster.app', 'Обучение', 'Медиа', 'Чаты', 'Уведомления', 'Мы рядом!']);
    expect(within(nav).getByRole('link', { name: 'Запросы, 3' })).toHaveTextContent('3');
    expect(within(nav).getByRole('link', { name: 'Чаты, 4' })).toHaveTextContent('4');
    expect(within(nav).queryByRole('button', { name: 'Новый полис' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Менеджер')).toBeInTheDocument();
  });

  it('copywriter: no policies, requests or commissions', () => {
    const { titles } = renderSidebar(DEMO_USERS.copywriter);
    expect(titles).toEqual(['Главная', 'Управление', 'Обучение', 'Медиа', 'Уведомления', 'Рассылки', 'Мы рядом!']);
  });

  it('broker and network owner: role by display priority and legal form', () => {
    const broker = renderSidebar(DEMO_USERS.broker);
    expect(broker.titles).toContain('КВ всех');
    expect(broker.titles).toContain('Агенты');
    expect(within(broker.nav).getByText('Брокер')).toBeInTheDocument();
    expect(within(broker.nav).getByText(/ЮЛ/)).toBeInTheDocument();
  });

  it('network owner sees sub-agents; sub-agent sees no Oyster.app', () => {
    expect(renderSidebar(DEMO_USERS.owner).titles).toContain('Субагенты');
    document.body.innerHTML = '';
    const sub = renderSidebar(DEMO_USERS.subagent);
    expect(sub.titles).not.toContain('Oyster.app');
    expect(within(sub.nav).getByText('Субагент')).toBeInTheDocument();
  });

  it('highlights Главная only on the exact home path', () => {
    const { nav } = renderSidebar(DEMO_USERS.agent, {}, '/contracts/123');
    expect(within(nav).getByRole('link', { name: 'Полисы' })).toHaveClass('oy-nav__link--active');
    expect(within(nav).getByRole('link', { name: 'Главная' })).not.toHaveClass('oy-nav__link--active');
  });

  it('clicking the user block logs out', () => {
    const { onLogout } = renderSidebar(DEMO_USERS.agent);
    fireEvent.click(screen.getByTestId('sidebar-user'));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
