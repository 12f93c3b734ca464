import * as React from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, HOME_TABS, KASKO_TIP } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, renderWidget } from '@oyster/shared-kit/testing';
import Showcase from './Showcase';

/** Hovers a product of the FL tab and answers its tip. */
async function tipOf(product: string) {
  fireEvent.mouseEnter(screen.getByRole('button', { name: product }));
  return waitFor(() => {
    const tip = [...document.querySelectorAll<HTMLElement>('.oy-showcase__tip')].find((t) => t.querySelector('strong')?.textContent === product);
    expect(tip).toBeDefined();
    return tip!;
  });
}

describe('the showcase «Новый полис» (§2)', () => {
  it('FL tab: the five groups with their products, the quick-link cards with commissions and the highlighted e-KASKO tip; YL tab: three broker cards', () => {
    renderWidget(<Showcase onClose={() => undefined} />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    const dialog = screen.getByRole('dialog', { name: 'Новый полис' });
    expect(within(dialog).getByRole('tab', { name: HOME_TABS.individuals })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Авто', 'Имущество', 'Медицина', 'Жизнь', 'Разное']);
    const cards = within(dialog).getByRole('list', { name: 'Быстрые ссылки' });
    expect(within(cards).getAllByRole('link').map((a) => a.getAttribute('aria-label')).filter((l) => !l?.includes(':'))).toEqual(['Е-ОСАГО', 'Е-КАСКО', 'Ипотека', 'ВЗР', 'ИФЛ — квартира', 'ИФЛ — дом']);
    expect(within(cards).getByRole('link', { name: 'Е-ОСАГО' })).toHaveAttribute('href', '/new-eosago');
    expect(within(cards).getByRole('link', { name: 'Ипотека' })).toHaveTextContent('до 60%');
    expect(within(cards).getByRole('link', { name: 'Е-КАСКО' })).toHaveTextContent(KASKO_TIP);
    // The instructions where the product has them, opened in a new tab; none where it has not.
    expect(within(cards).getByRole('link', { name: 'Е-ОСАГО: Как оформить (PDF)' })).toHaveAttribute('href', '/media/courses/demo-osago-02-checklist.pdf');
    expect(within(cards).getByRole('link', { name: 'Е-ОСАГО: Как продать (PDF)' })).toHaveAttribute('target', '_blank');
    expect(within(cards).getByRole('link', { name: 'Ипотека: Как оформить (PDF)' })).toBeTruthy();
    expect(within(cards).queryByRole('link', { name: /ВЗР: / })).toBeNull();

    fireEvent.click(within(dialog).getByRole('tab', { name: HOME_TABS.companies }));
    const yl = within(dialog).getByRole('list', { name: 'Быстрые ссылки' });
    expect(within(yl).getAllByRole('link').map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Е-ОСАГО для юрлиц', '/new-request-broker/eosago_a_yl'],
      ['Е-КАСКО для юрлиц', '/new-request-broker/ekasko_a_yl'],
      ['Имущество юрлиц', '/new-request-broker/iyl_yl'],
    ]);
    expect(within(yl).getByRole('link', { name: 'Е-ОСАГО для юрлиц' })).toHaveTextContent('10% + бонус');
  });

  it('a product’s tip: its description, «Онлайн» only where it sells online, «Запрос» — commission and time for an agent', async () => {
    renderWidget(<Showcase onClose={() => undefined} />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    const tip = await tipOf('Е-ОСАГО');
    expect(tip).toHaveTextContent('Электронный полис ОСАГО');
    expect(within(tip).getByRole('link', { name: /Онлайн/ })).toHaveTextContent('10% + бонус · 3 мин');
    expect(within(tip).getByRole('link', { name: /Запрос/ })).toHaveTextContent('10% + бонус · до 2 р.ч.');
    const dms = await tipOf('ДМС');
    expect(within(dms).queryByRole('link', { name: /Онлайн/ })).toBeNull();
  });

  it('one tip at a time: hovering another product moves it there; a click outside hides it', async () => {
    renderWidget(<Showcase onClose={() => undefined} />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    const shown = () => [...document.querySelectorAll<HTMLElement>('.ant-tooltip:not(.ant-tooltip-hidden) .oy-showcase__tip strong')].map((s) => s.textContent);
    await tipOf('Е-ОСАГО');
    expect(shown()).toEqual(['Е-ОСАГО']);
    await tipOf('ДМС');
    await waitFor(() => expect(shown()).toEqual(['ДМС']));
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Авто' }));
    await waitFor(() => expect(shown()).toEqual([]));
  });

  it('a sub-agent sees the times but no commission, in tips and on cards (§6)', async () => {
    renderWidget(<Showcase onClose={() => undefined} />, { http: fakeHttp({}), user: DEMO_USERS.subagent });
    const tip = await tipOf('Е-ОСАГО');
    expect(within(tip).getByRole('link', { name: /Онлайн/ })).toHaveTextContent(/→\s*3 мин$/);
    expect(tip).not.toHaveTextContent('%');
    expect(within(screen.getByRole('list', { name: 'Быстрые ссылки' })).getByRole('link', { name: 'Ипотека' })).not.toHaveTextContent('%');
  });

  it('choosing a product goes to its page and closes the showcase (any route change closes it)', async () => {
    const onClose = jest.fn();
    renderWidget(<Showcase onClose={onClose} />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('list', { name: 'Быстрые ссылки' })).getByRole('link', { name: 'Е-ОСАГО' }));
    expect(currentLocation()).toBe('/new-eosago');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
