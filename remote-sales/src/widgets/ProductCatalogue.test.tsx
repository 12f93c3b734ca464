import * as React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { COMPANY_CATALOGUE, DEMO_USERS, HOME_TABS, INDIVIDUAL_CATALOGUE } from '@oyster/shared-kit/domain';
import { fakeHttp, renderWidget } from '@oyster/shared-kit/testing';
import ProductCatalogue from './ProductCatalogue';

describe('home’s «Продукты» (remote_sales/ProductCatalogue, §2, §9)', () => {
  it('individuals: the five groups, each product with «Онлайн» where it sells online and «Запрос», commission and time for an agent', () => {
    renderWidget(<ProductCatalogue />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    const catalogue = screen.getByRole('region', { name: 'Продукты' });
    expect(within(catalogue).getByRole('tab', { name: HOME_TABS.individuals })).toHaveAttribute('aria-selected', 'true');
    expect(within(catalogue).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(INDIVIDUAL_CATALOGUE.map((g) => g.title));
    const osago = within(catalogue).getByRole('article', { name: 'Е-ОСАГО' });
    expect(within(osago).getByRole('link', { name: /Онлайн/ })).toHaveAttribute('href', '/new-eosago');
    expect(within(osago).getByRole('link', { name: /Онлайн/ })).toHaveTextContent('10% + бонус · 3 мин');
    expect(within(osago).getByRole('link', { name: /Запрос/ })).toHaveTextContent('10% + бонус · до 2 р.ч.');
    const dms = within(catalogue).getByRole('article', { name: 'ДМС' });
    expect(within(dms).queryByRole('link', { name: /Онлайн/ })).toBeNull();
  });

  it('companies: the broker products with «+10 за полис», the percent and the hours, linking to their request form', () => {
    renderWidget(<ProductCatalogue />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    fireEvent.click(screen.getByRole('tab', { name: HOME_TABS.companies }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(COMPANY_CATALOGUE.map((g) => g.title));
    const osgop = within(panel).getByRole('link', { name: /ОСГОП/ });
    expect(osgop.getAttribute('href')).toMatch(/^\/new-request-broker\//);
    expect(osgop).toHaveTextContent('+10 за полис');
    expect(osgop).toHaveTextContent(/до \d+%/);
    expect(osgop).toHaveTextContent(/до \d+ р\.ч\./);
    expect(within(panel).queryByRole('article', { name: 'Е-ОСАГО' })).toBeNull();
  });

  it('a sub-agent sees the times but no commission (§6)', () => {
    renderWidget(<ProductCatalogue />, { http: fakeHttp({}), user: DEMO_USERS.subagent });
    const osago = screen.getByRole('article', { name: 'Е-ОСАГО' });
    expect(within(osago).getByRole('link', { name: /Онлайн/ })).toHaveTextContent(/^Онлайн →3 мин$/);
    expect(osago).not.toHaveTextContent('10% + бонус');
    fireEvent.click(screen.getByRole('tab', { name: HOME_TABS.companies }));
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: /ОСГОП/ })).not.toHaveTextContent(/до \d+%/);
  });
});
