import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, rateKasko, type KaskoCalculateRequest, type ProductOffer } from '@oyster/shared-kit/domain';
import { fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import type { KaskoQuote } from '../../api/ekasko';
import { KaskoOffers } from './KaskoPage';
import { initialKaskoValues, kaskoDetailsWithClient, kaskoErrors, kaskoValuesWithVehicle } from './kaskoForm';

const CALC: KaskoCalculateRequest = {
  vehicle: { make: 'Kia', model: 'Rio', year: 2024, plate: 'А123ВС777', highTheft: false },
  sumInsured: 1_800_000_00,
  drivers: [{ birthDate: '1985-09-30', experienceSince: '2005-01-01' }],
  deductible: 'none',
  antiTheft: 'standard',
  instalments: 2,
  region: 'capitals',
  startDate: '2026-12-01',
};
const offer = (code: string, name: string, commission?: number) => ({ ...(rateKasko(CALC, code) as ProductOffer), companyId: code.padEnd(24, '0'), companyName: name, ...(commission ? { agentCommission: { percent: 15, amount: commission } } : {}) });

describe('e-KASKO calculator', () => {
  test('the policy starts tomorrow in Moscow: at 01:30 Moscow time (22:30 UTC) that is the day after the UTC date', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T22:30:00Z') });
    try {
      expect(initialKaskoValues().startDate).toBe('29.11.2026');
    } finally {
      jest.useRealTimers();
    }
  });

  test('offers: each insurer with its premium, payments, factors and «Ваше КВ»; refusals with their reasons', () => {
    const quote: KaskoQuote = { offers: [offer('alfa', 'Альфа', 1_000_00), offer('ingos', 'Ингосстрах', 2_000_00)], refusals: [{ companyId: 'v'.repeat(24), companyName: 'ВСК', reason: 'Нет тарифа страховщика на дату начала 01.12.2026' }] };
    render(<KaskoOffers quote={quote} onChoose={async () => null} />);
    const alfa = screen.getByRole('article', { name: 'Альфа' });
    expect(within(alfa).getByRole('heading', { name: 'Альфа' })).toBeTruthy();
    expect(within(alfa).getByText(/^Ваше КВ 1\s000,00\s₽ \(15%\)$/)).toBeTruthy();
    expect(within(alfa).getByText(/^Платежи: /)).toBeTruthy();
    expect(within(within(alfa).getByLabelText('Множители: Альфа')).getAllByRole('term').map((t) => t.textContent)).toEqual(['Базовый тариф', 'Водители', 'Франшиза', 'Противоугонная система', 'Оплата', 'Регион использования']);
    expect(within(screen.getByRole('region', { name: 'Отказы страховщиков' })).getByText(/Нет тарифа страховщика/)).toBeTruthy();
  });

  test('a sub-agent’s offers carry no commission: no «Ваше КВ»; no offers at all: the empty state', () => {
    const { unmount } = render(<KaskoOffers quote={{ offers: [offer('alfa', 'Альфа')], refusals: [] }} onChoose={async () => null} />);
    expect(screen.queryByText(/Ваше КВ/)).toBeNull();
    unmount();
    render(<KaskoOffers quote={{ offers: [], refusals: [] }} onChoose={async () => null} />);
    expect(screen.getByText('Ни один страховщик не сделал предложение')).toBeTruthy();
  });

  test('validation: the api schema’s Russian messages, per step', () => {
    const v = initialKaskoValues();
    const first = kaskoErrors(v, 0);
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['vehicle.make', 'vehicle.model', 'sumInsured']));
    expect(first['vehicle.make']).toBe('Поле «Марка» обязательно');
    expect(first['vehicle.plate']).toBe('Укажите госномер или VIN');
    expect(Object.keys(first).some((k) => k.startsWith('drivers'))).toBe(false);
    const filled = { ...v, make: 'Kia', model: 'Rio', year: 2024, plate: 'А123ВС777', sumInsured: 1_800_000_00 };
    expect(kaskoErrors(filled, 0)).toEqual({});
    expect(Object.keys(kaskoErrors(filled, 1)).some((k) => k.startsWith('drivers'))).toBe(true);
    expect(kaskoErrors({ ...filled, plate: 'abc' }, 0)['vehicle.plate']).toBe('Поле «Госномер»: госномер в формате А123ВС77 или А123ВС777');
  });

  test('«Выбрать автомобиль» fills the car block; «Выбрать клиента» the insurant, the contacts and the VIN of their car of that plate', () => {
    const v = kaskoValuesWithVehicle(initialKaskoValues(), { make: 'Kia', model: 'Rio', year: 2021, plate: 'А123ВС777', vin: null } as never);
    expect([v.make, v.model, v.year, v.plate, v.vin]).toEqual(['Kia', 'Rio', 2021, 'А123ВС777', '']);
    const card = {
      client: { kind: 'person', lastName: 'Петров', firstName: 'Пётр', middleName: null, birthDate: '1985-01-15', passport: { series: '4510', number: '123456', issuedAt: '2010-02-20', issuer: 'ОВД' }, address: { value: 'г. Москва' }, phone: '+7 (916) 123-45-67', email: 'p@example.ru' },
      vehicles: [{ plate: 'А123ВС777', vin: 'XWEPC811DB0001234' }],
    } as never;
    const d = kaskoDetailsWithClient({ driverNames: ['Петров Пётр'] }, card, CALC);
    expect(d.insurant).toMatchObject({ lastName: 'Петров', firstName: 'Пётр', birthDate: '1985-01-15', address: 'г. Москва', passport: { series: '4510', number: '123456' } });
    expect(d.contacts).toEqual({ phone: '+7 (916) 123-45-67', email: 'p@example.ru' });
    expect(d.vehicle?.vin).toBe('XWEPC811DB0001234');
    expect(d.driverNames).toEqual(['Петров Пётр']);
  });
});

const CONTRACT_ID = 'cd'.repeat(12);
const COMPANY_ID = 'ee'.repeat(12);
// What the details page reads of the contract: a chosen offer waiting for its details (status 106).
const CONTRACT = { id: CONTRACT_ID, status: 106, companyId: COMPANY_ID, companyName: 'Ингосстрах', premium: 45_000_00, calculation: CALC, details: {}, files: [] };
const PATCH = `PATCH /api/v2/products/ekasko/contracts/${CONTRACT_ID}/details`;

describe('Оформление Е-КАСКО: the details saved as typed', () => {
  jest.setTimeout(60_000);
  it('one save at a time, in order: fields left while a save is in flight go in one later save with all of them, none dropped', async () => {
    const sent: Record<string, any>[] = [];
    const release: (() => void)[] = [];
    const http = fakeHttp({
      [`GET /api/v2/contracts/${CONTRACT_ID}`]: { data: CONTRACT },
      [`GET /api/v2/file-list-company/${COMPANY_ID}`]: { data: { fileTypes: [] } },
      // Each PATCH is held until the test lets it answer: a slow server.
      [PATCH]: (body: unknown) =>
        new Promise((resolve) => {
          const details = (body as { details: Record<string, any> }).details;
          sent.push(details);
          release.push(() => resolve({ data: { ...CONTRACT, details } }));
        }),
    });
    await renderSection(RemoteRoutes, `/new-ekasko/${CONTRACT_ID}`, { http, user: DEMO_USERS.agent });
    const leave = (id: string, value: string) => {
      const input = document.getElementById(id) as HTMLInputElement;
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    };
    await waitFor(() => expect(document.getElementById('kd-insurant-lastName')).not.toBeNull());

    leave('kd-insurant-lastName', 'Петров');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByText(/Сохраняем…/)).toBeInTheDocument();
    // While the first save is in flight, two more fields are left: nothing else is sent yet.
    leave('kd-insurant-firstName', 'Пётр');
    leave('kd-contacts-email', 'petrov@example.ru');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(1);

    release[0]();
    // Then one save with everything typed (the one between was overtaken and is not sent).
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ insurant: { lastName: 'Петров', firstName: 'Пётр' }, contacts: { email: 'petrov@example.ru' } });
    release[1]();
    await waitFor(() => expect(screen.getByText(/Сохранено/)).toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });
});
