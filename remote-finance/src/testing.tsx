/**
 * remote-finance's test fixtures: agents, insurers, personal templates and segments as the api sends them,
 * typing into the kit's date input, choosing an agent in a search, finding a dialog.
 * (Queries by label and text rather than by role over the whole page: antd's page is large, and a role query over all
 * of it costs a second on a shared machine.) The fakes (fakeHttp, renderSection, …) are @oyster/shared-kit/testing's.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PAYOUT_STATUS_TITLES, REGISTER_STATUS_TITLES, type CommissionSegment, type CommissionTemplate, type PayoutRow, type RegisterDetail } from '@oyster/shared-kit/domain';
import { emptyInitState, typeInto } from '@oyster/shared-kit/testing';

export const VSK = { _id: 'a'.repeat(24), shortName: 'ВСК' };
export const SOGAZ = { _id: 'b'.repeat(24), shortName: 'СОГАЗ' };
/** The init-state with two insurers (the insurer selects read it). */
export const initStateWithInsurers = () => ({ ...emptyInitState(), companies: [SOGAZ, VSK] }) as ReturnType<typeof emptyInitState>;

export const IVANOV = { _id: 'c1'.repeat(12), fio: 'Иванов Иван Петрович', email: 'ivanov@oyster.test', isBlocked: false };
export const PETROVA = { _id: 'c2'.repeat(12), fio: 'Петрова Анна Сергеевна', email: 'petrova@oyster.test', isBlocked: false };
export const FINANCE = { id: 'f0'.repeat(12), fio: 'Финансова Ольга' };
export const party = (a: { _id: string; fio: string }) => ({ id: a._id, fio: a.fio });

/** A template of Иванов: 12,5% on Е-ОСАГО of ВСК from 01.01.2026, open-ended — started. */
export function sampleTemplate(over: Partial<CommissionTemplate> = {}): CommissionTemplate {
  return {
    id: 'd1'.repeat(12),
    agent: party(IVANOV),
    companyId: VSK._id,
    companyName: VSK.shortName,
    product: 'eosago',
    productName: 'Е-ОСАГО',
    rateBp: 1250,
    validFrom: '2026-01-01',
    validTo: null,
    createdAt: '2025-12-20T09:00:00.000Z',
    createdBy: FINANCE,
    ...over,
  };
}

export function sampleSegment(over: Partial<CommissionSegment> = {}): CommissionSegment {
  return {
    id: 'e1'.repeat(12),
    name: 'Крупные агенты',
    members: [party(IVANOV)],
    rates: [
      { companyId: VSK._id, companyName: 'ВСК', product: 'eosago', productName: 'Е-ОСАГО', rateBp: 1500, validFrom: '2099-01-01' },
      { companyId: VSK._id, companyName: 'ВСК', product: 'eosago', productName: 'Е-ОСАГО', rateBp: 1400, validFrom: '2026-01-01' },
      { companyId: VSK._id, companyName: 'ВСК', product: 'eosago', productName: 'Е-ОСАГО', rateBp: 1300, validFrom: '2025-01-01' },
    ],
    createdAt: '2025-12-01T09:00:00.000Z',
    ...over,
  };
}

/** Types a date (digits only, «15122026») into the kit's date input and lets the calendar close. */
export async function typeDate(input: HTMLElement, digits: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '' } });
  typeInto(input, digits);
  fireEvent.keyDown(input, { key: 'Enter' });
  await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
}

/** Types `typed` into an agent search and chooses the agent named `fio` among its suggestions. */
export async function chooseAgent(input: HTMLElement, typed: string, fio: string) {
  fireEvent.change(input, { target: { value: typed } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith(fio));
    if (!found) throw new Error(`no suggestion «${fio}»`);
    return found;
  });
  fireEvent.click(option);
}

/** The open dialog whose title is `title`. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByText(title)
      .map((t) => t.closest<HTMLElement>('[role="dialog"]'))
      .find((d) => d);
    if (!dialog) throw new Error(`no dialog «${title}»`);
    return dialog;
  });
}

/** A payout of Иванов (FL) for October 2026: 12 345,67 ₽ earned, 1 605 ₽ НДФЛ withheld, «К выплате». */
export function samplePayout(over: Partial<PayoutRow> = {}): PayoutRow {
  return {
    id: 'p1'.repeat(12),
    agent: party(IVANOV),
    period: '2026-10',
    periodTitle: 'Октябрь 2026',
    opf: 'FL',
    opfTitle: 'Физическое лицо',
    grossKopecks: 1_234_567,
    taxKopecks: 160_500,
    netKopecks: 1_074_067,
    lines: 3,
    status: 'ready',
    statusTitle: PAYOUT_STATUS_TITLES.ready,
    waitingReason: null,
    receipt: null,
    actNumber: 'А-2026-10-000001',
    vatTitle: '',
    register: null,
    selfEmployedLimitExceeded: false,
    createdAt: '2026-11-02T09:00:00.000Z',
    paidAt: null,
    ...over,
  };
}

/** Register № 3 for October 2026 built by `FINANCE`, a draft with two payouts. */
export function sampleRegister(over: Partial<RegisterDetail> = {}): RegisterDetail {
  const payouts = over.payouts ?? [
    samplePayout({ status: 'in_register', statusTitle: PAYOUT_STATUS_TITLES.in_register, register: { id: 'r1'.repeat(12), number: 3 } }),
    samplePayout({
      id: 'p2'.repeat(12),
      agent: party(PETROVA),
      opf: 'IP',
      opfTitle: 'Индивидуальный предприниматель',
      grossKopecks: 500_000,
      taxKopecks: 0,
      netKopecks: 500_000,
      vatTitle: 'НДС не облагается',
      actNumber: 'А-2026-10-000002',
      status: 'in_register',
      statusTitle: PAYOUT_STATUS_TITLES.in_register,
      register: { id: 'r1'.repeat(12), number: 3 },
    }),
  ];
  return {
    id: 'r1'.repeat(12),
    number: 3,
    period: '2026-10',
    periodTitle: 'Октябрь 2026',
    status: 'draft',
    statusTitle: REGISTER_STATUS_TITLES.draft,
    totalKopecks: payouts.reduce((s, p) => s + p.netKopecks, 0),
    lines: payouts.length,
    paidLines: payouts.filter((p) => p.status === 'paid').length,
    builtBy: { id: FINANCE.id, fio: FINANCE.fio },
    approvedBy: null,
    createdAt: '2026-11-03T09:00:00.000Z',
    approvedAt: null,
    payouts,
    skipped: [],
    ...over,
  };
}
