import { CONTRACT_STATUS as S, type DemoAccountKey, type EosagoContractDetails } from '@oyster/shared-kit/domain';
import { moscowToday } from '../../src/sales/osago';
import { demoPaymentSecret } from '../../src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../src/sales/payments/signature';
import { call, type Res } from './http';

/** Contracts through the api, as the sales suites drive them: an offer, the documents, the insurer's steps, the payment. */

export const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The year of the first `MM-DD` after today (Moscow): a start date on that day in the future. */
export const nextYearOf = (monthDay: string, today = moscowToday()) => {
  const y = Number(today.slice(0, 4));
  return `${y}-${monthDay}` > today ? y : y + 1;
};

/** Documents that pass the demo insurers' check. */
export const COMPLETE_DETAILS: EosagoContractDetails = {
  vehicle: { plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, document: { type: 'STS', series: '77УХ', number: '123456', issuedAt: '2019-05-20' } },
  owner: {
    lastName: 'Смирнова',
    firstName: 'Анна',
    middleName: 'Петровна',
    birthDate: '1985-09-30',
    passport: { series: '4510', number: '123456', issuedAt: '2005-10-12', issuer: 'ОВД Тверского района г. Москвы' },
    address: 'г Москва, ул Тверская, д 1',
  },
  insurantIsOwner: true,
  contacts: { phone: '+7 (916) 123-45-67', email: 'anna@example.ru' },
};

export interface CallbackBody {
  paymentId: string;
  paymentToken: string;
  amount: number;
  paidAt: string;
}

/** Posts a payment callback as an insurer would: signed with `secret` (default: the demo insurer's) at `at`, or with the given header. */
export async function postCallback(url: string, code: string, body: unknown, opts: { secret?: string; at?: Date; signature?: string; raw?: string; forwardedFor?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const res = await fetch(`${url}/api/v2/payments/callback/${code}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: opts.signature ?? signCallback(opts.secret ?? demoPaymentSecret(code), code, raw, opts.at),
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    body: raw,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/**
 * A sales session against a running app: `calculation` priced from an address suggestion starting
 * tomorrow (Moscow), offers turned into contracts, contracts taken to «Ожидает оплаты».
 */
export async function contractsDriver<K extends DemoAccountKey>(url: string, tokens: Record<K, string>, opts: { startDate?: string } = {}) {
  const req = (who: K, method: string, path: string, body?: unknown): Promise<Res> => call(url, method, path, { token: tokens[who], body });
  const anyToken = Object.values<string>(tokens)[0];
  const s = (await call(url, 'POST', '/suggest/address', { token: anyToken, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
  const startDate = opts.startDate ?? plusDays(moscowToday(), 1);
  const calculation = { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL', year: 2019 }, owner: { address: { value: s.value, data: s.data } }, unrestricted: true, periodMonths: 12, startDate };
  const companies: { _id: string; idUnicus: string; shortName: string }[] = (await call(url, 'GET', '/api/v2/init-state', { token: anyToken })).body.data.companies;
  const company = (code: string) => companies.find((c) => c.idUnicus === code)!._id;

  /** The calculation starting on another day, for another period of use. */
  const calculationFrom = (start: string, periodMonths = 12) => ({ ...calculation, startDate: start, periodMonths });
  const create = async (who: K, code = 'vsk', calc: Record<string, unknown> = calculation) => {
    const res = await req(who, 'POST', '/api/v2/contracts', { calculation: calc, companyId: company(code) });
    if (res.status !== 200) throw new Error(`contract not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** Reads the contract until it reaches `status` (the insurer's steps run after the answer). */
  const until = async (who: K, id: string, status: number) => {
    for (let i = 0; i < 200; i++) {
      const d = (await req(who, 'GET', `/api/v2/contracts/${id}`)).body.data;
      if (d?.status === status) return d;
      await new Promise((res) => setTimeout(res, 30));
    }
    throw new Error(`contract ${id} did not reach ${status}`);
  };
  /** A contract of `who` with `code` waiting for payment: its id, premium and the link's token. */
  const waitingForPayment = async (who: K, code = 'vsk', calc: Record<string, unknown> = calculation) => {
    const c = await create(who, code, calc);
    await req(who, 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE_DETAILS });
    await req(who, 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until(who, c.id, S.waitingPayment);
    return { id: c.id as string, premium: waiting.premium as number, token: (waiting.paymentUrl as string).split('/pay/')[1], code, details: waiting };
  };
  /** The body of a callback paying a contract in full. */
  const payment = (c: { token: string; premium: number }, paymentId: string, extra: Partial<CallbackBody> = {}): CallbackBody => ({
    paymentId,
    paymentToken: c.token,
    amount: c.premium,
    paidAt: new Date().toISOString(),
    ...extra,
  });
  return { req, calculation, calculationFrom, company, companies, create, until, waitingForPayment, payment, startDate };
}

/** The contract as `get` reads it, once `ok` holds (polled every 30 ms, up to 9 s): the insurer's steps run after the answer. */
export async function untilContract(get: (path: string) => Promise<Res>, id: string, ok: (c: any) => boolean) {
  for (let i = 0; i < 300; i++) {
    const c = (await get(`/api/v2/contracts/${id}`)).body.data;
    if (ok(c)) return c;
    await new Promise((res) => setTimeout(res, 30));
  }
  throw new Error(`contract ${id}: condition not reached`);
}
