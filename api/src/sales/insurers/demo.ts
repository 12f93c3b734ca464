import { randomBytes, randomInt } from 'node:crypto';
import { OsagoRatingError, rateOsago, wholeYears, type ProductCode, type TariffGroup } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import { productModule } from '../products/index.js';
import type { ChangeContext, InsurerAdapter, OsagoCheckAnswer, OsagoContractSubmission, OsagoQuoteDetail, OsagoQuoteRequest, QuoteAnswer } from './adapter.js';

/**
 * The demo insurers: in-process stand-ins for the insurers' e-OSAGO services, one per seeded company.
 * Their base rates are demo choices inside the Bank of Russia corridor in force from 09.12.2025
 * (shared-kit tables; a test holds them to it), their acceptance rules are the kind real insurers
 * publish, and each answers after its own delay, as a remote service would. Not tariffs of the
 * companies whose names the demo data borrows.
 */
export interface DemoInsurer {
  code: string;
  /**
   * The products it sells online (a demo choice per insurer). e-OSAGO it rates itself (baseRates); another
   * product by the product module's demo rating (products/<code>: demoQuote) until shared-kit's rating.
   * Property (ifl, ifl_house): the insurers with a property tariff in shared-kit sales/property/tariffs.ts.
   * Mortgage (ipoteka): ingos, alfa and sogaz rate it by their tariffs in shared-kit sales/mortgage/tariffs.ts; reso and vsk list it
   * without a tariff and refuse with the reason.
   */
  products: readonly ProductCode[];
  /** Roubles a year per tariff group (valid from 09.12.2025). */
  baseRates: Record<TariffGroup, number>;
  /** Milliseconds before the answer (DEMO_INSURER_DELAY_MS overrides it for every insurer). */
  delayMs: number;
  /** The reason to refuse an e-OSAGO quote, or null to quote. */
  refuses(req: OsagoQuoteRequest): string | null;
}

const ageOfVehicle = (req: OsagoQuoteRequest) => (req.vehicleYear ? Number(req.rating.startDate.slice(0, 4)) - req.vehicleYear : null);
const namedDrivers = (req: OsagoQuoteRequest) => (req.rating.drivers === 'unrestricted' ? [] : req.rating.drivers);

export const DEMO_INSURERS: readonly DemoInsurer[] = [
  {
    code: 'ingos',
    products: ['eosago', 'ekasko', 'ifl', 'ifl_house', 'vzr', 'ipoteka'],
    baseRates: { B_FL: 7800, B_YL: 6000, B_TAXI: 16000 },
    delayMs: 600,
    refuses: (req) => (req.rating.territory.region === '23' ? 'Лимит договоров по Краснодарскому краю на этот месяц исчерпан' : null),
  },
  {
    code: 'reso',
    products: ['eosago', 'ekasko', 'ifl', 'ifl_house', 'vzr', 'ipoteka'],
    baseRates: { B_FL: 8665, B_YL: 6580, B_TAXI: 18119 },
    delayMs: 900,
    refuses: (req) => (req.group === 'B_TAXI' ? 'Не страхуем ТС, используемые в качестве такси' : null),
  },
  {
    code: 'alfa',
    products: ['eosago', 'ekasko', 'vzr', 'ipoteka'],
    baseRates: { B_FL: 6900, B_YL: 5200, B_TAXI: 14500 },
    delayMs: 400,
    refuses: (req) => (req.rating.powerHp > 250 ? 'Онлайн-продажа недоступна для ТС мощностью свыше 250 л. с.' : null),
  },
  {
    code: 'sogaz',
    products: ['eosago', 'ekasko', 'ipoteka'],
    baseRates: { B_FL: 5900, B_YL: 4800, B_TAXI: 12000 },
    delayMs: 1200,
    refuses: (req) => {
      const age = ageOfVehicle(req);
      return age !== null && age > 25 ? `Не страхуем ТС старше 25 лет (этому ${age})` : null;
    },
  },
  {
    code: 'renins',
    products: ['eosago', 'ekasko', 'vzr'],
    baseRates: { B_FL: 7200, B_YL: 5600, B_TAXI: 15000 },
    delayMs: 700,
    refuses: (req) =>
      namedDrivers(req).some((d) => wholeYears(d.birthDate, req.rating.startDate) < 22) ? 'Не страхуем водителей моложе 22 лет' : null,
  },
  {
    code: 'vsk',
    products: ['eosago', 'ekasko', 'ifl', 'ifl_house', 'vzr', 'ipoteka'],
    baseRates: { B_FL: 8100, B_YL: 6200, B_TAXI: 17000 },
    delayMs: 1500,
    refuses: () => null,
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VINs the demo insurers' check finds in the wanted-vehicles list (the check fails: not released). */
export const DEMO_WANTED_VINS = ['XW8ZZZ61ZJG000666'];
/** The demo insurers' e-OSAGO policy series. */
export const DEMO_POLICY_SERIES = 'ХХХ';

/** The demo insurers' check of a contract: the kind of mismatches real checks return. */
export function demoCheck(c: OsagoContractSubmission): OsagoCheckAnswer {
  if (c.vehicle.vin && DEMO_WANTED_VINS.includes(c.vehicle.vin)) return { kind: 'failed', message: 'ТС числится в розыске: страховщик отказал в заключении договора' };
  if (Number(c.vehicle.documentIssuedAt.slice(0, 4)) < c.vehicle.year) {
    return { kind: 'fix', message: 'Дата выдачи документа ТС раньше года выпуска ТС: проверьте документ или год выпуска' };
  }
  if (wholeYears(c.owner.birthDate, c.owner.passportIssuedAt) < 14) {
    return { kind: 'fix', message: 'Паспорт собственника выдан раньше 14 лет: проверьте дату выдачи паспорта или дату рождения' };
  }
  return { kind: 'ok' };
}

/**
 * A fault a demo insurer can be told to show (DEMO_INSURER_FAULTS, e.g. `ingos:timeout,reso:refusal`), to
 * try the product against an insurer that misbehaves: `timeout` — its quote never comes (the quote's
 * limit turns it into «Страховщик не ответил вовремя»); `error` — its service fails on every call;
 * `refusal` — it declines every quote; `fix` — its check asks to fix the data.
 */
export const DEMO_INSURER_FAULTS = ['timeout', 'error', 'refusal', 'fix'] as const;
export type DemoInsurerFault = (typeof DEMO_INSURER_FAULTS)[number];
export const DEMO_FAULT_TEXTS = {
  refusal: 'Страховщик временно не принимает заявки на Е-ОСАГО',
  fix: 'Страховщик просит проверить данные договора: сведения не совпали с его базой',
  error: 'demo insurer: service unavailable',
} as const;

/** `code:fault,code:fault` → code → fault; an unknown insurer or fault is an error at start, not a silent no-op. */
export function parseDemoInsurerFaults(spec: string | undefined): Record<string, DemoInsurerFault> {
  const out: Record<string, DemoInsurerFault> = {};
  for (const part of (spec ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const [code, fault] = part.split(':').map((x) => x.trim());
    if (!DEMO_INSURERS.some((i) => i.code === code)) throw new Error(`DEMO_INSURER_FAULTS: unknown insurer «${code}» (known: ${DEMO_INSURERS.map((i) => i.code).join(', ')})`);
    if (!(DEMO_INSURER_FAULTS as readonly string[]).includes(fault)) throw new Error(`DEMO_INSURER_FAULTS: unknown fault «${fault}» for ${code} (known: ${DEMO_INSURER_FAULTS.join(', ')})`);
    out[code] = fault as DemoInsurerFault;
  }
  return out;
}

/** A promise that never settles and keeps nothing alive (a quote the insurer never answers). */
const never = <T>() => new Promise<T>(() => undefined);

/**
 * The demo insurers' refund on cancellation: the premium for the days of the term left after the
 * cancellation date (pro rata by calendar days, rounded down to a kopeck; the whole premium before the
 * start). A demo insurer's rule of the kind insurers publish, not any company's.
 */
export function demoRefund(ctx: ChangeContext): number {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  if (ctx.date <= ctx.startDate) return ctx.premium;
  const total = day(ctx.endDate) - day(ctx.startDate) + 1;
  const left = Math.max(0, day(ctx.endDate) - day(ctx.date) + 1);
  return Math.floor((ctx.premium * left) / total);
}

/**
 * The adapter of one demo insurer; `delayMs` null keeps the insurer's own delay; `fault` makes it
 * misbehave; `ledger` is where it keeps the policies it issued (demo_insurer_policies) — without one
 * (unit tests) every issue is a new number and nothing is ever issued for its status.
 */
export function demoAdapter(insurer: DemoInsurer, delayMs: number | null, fault: DemoInsurerFault | null = null, ledger: Queryable | null = null): InsurerAdapter {
  const wait = async () => {
    const ms = delayMs ?? insurer.delayMs;
    if (ms > 0) await sleep(ms);
    if (fault === 'error') throw new Error(DEMO_FAULT_TEXTS.error);
  };
  /** The number this insurer gave for a reference, or null (none given, or no ledger). */
  const issuedNumber = async (ref: string) =>
    ledger ? ((await ledger.query<{ policy_number: string }>('SELECT policy_number FROM demo_insurer_policies WHERE ref = $1', [ref]))[0]?.policy_number ?? null) : null;
  const newRef = (contractId: string) => `${insurer.code.toUpperCase()}-${contractId.slice(-8)}-${randomBytes(3).toString('hex')}`;
  const quoteOsago = (req: OsagoQuoteRequest): QuoteAnswer => {
    const reason = insurer.refuses(req);
    if (reason) return { kind: 'refusal', reason };
    const baseRate = insurer.baseRates[req.group];
    try {
      const rated = rateOsago(req.rating, baseRate);
      const detail: OsagoQuoteDetail = { baseRate, rated };
      return { kind: 'offer', premium: rated.premium, currency: 'RUB', detail };
    } catch (e) {
      // Its rate is outside the corridor on this start date: the insurer cannot sell on it.
      if (e instanceof OsagoRatingError && e.field === 'baseRate') return { kind: 'refusal', reason: 'Тариф страховщика не действует на эту дату начала' };
      throw e;
    }
  };
  return {
    code: insurer.code,
    products: insurer.products,
    async prepare(_product, c) {
      await wait();
      return { ref: newRef(c.contractId) };
    },
    async check(_ref, product, c) {
      await wait();
      const verdict: OsagoCheckAnswer = product === 'eosago' ? demoCheck(c as OsagoContractSubmission) : { kind: 'ok' };
      return verdict.kind === 'ok' && fault === 'fix' ? { kind: 'fix', message: DEMO_FAULT_TEXTS.fix } : verdict;
    },
    async paymentLink() {
      const token = randomBytes(18).toString('base64url');
      return { token, path: `/pay/${token}` };
    },
    async issue(ref) {
      await wait();
      const fresh = () => `${DEMO_POLICY_SERIES}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
      if (!ledger) return { policyNumber: fresh() };
      // Asked again for the same reference: the number already given (a second ask inserts nothing).
      await ledger.query('INSERT INTO demo_insurer_policies (ref, company_code, policy_number) VALUES ($1, $2, $3) ON CONFLICT (ref) DO NOTHING', [ref, insurer.code, fresh()]);
      return { policyNumber: (await issuedNumber(ref))! };
    },
    async status(ref) {
      await wait();
      const policyNumber = await issuedNumber(ref);
      return policyNumber ? { state: 'issued', policyNumber } : { state: 'not_issued' };
    },
    async quote(product, req): Promise<QuoteAnswer> {
      if (fault === 'timeout') return never();
      await wait();
      if (!insurer.products.includes(product)) return { kind: 'refusal', reason: DEMO_NOT_SOLD };
      if (fault === 'refusal') return { kind: 'refusal', reason: DEMO_FAULT_TEXTS.refusal };
      if (product === 'eosago') return quoteOsago(req as OsagoQuoteRequest);
      return productModule(product)?.demoQuote?.(insurer.code, req) ?? { kind: 'refusal', reason: DEMO_NO_TARIFF };
    },
    async cancel(_ref, _date, ctx) {
      await wait();
      return { refund: demoRefund(ctx) };
    },
    async endorse(ref, change, ctx) {
      await wait();
      const priced = productModule(ctx.product)?.demoEndorse?.(insurer.code, change as Record<string, unknown>, ctx);
      if (priced == null) throw new Error(`demo insurer ${insurer.code}: no endorsements of ${ctx.product}`);
      if (typeof priced !== 'number') return { kind: 'refusal', reason: priced.refusal, field: priced.field };
      return { kind: 'priced', premiumDelta: priced, ref: `${ref}-E${randomBytes(2).toString('hex')}` };
    },
  };
}

/** A demo insurer asked for a product it does not sell online. */
export const DEMO_NOT_SOLD = 'Страховщик не продаёт этот продукт онлайн';
/** A demo insurer asked for a product it has no rating for yet. */
export const DEMO_NO_TARIFF = 'У страховщика нет тарифа по этому продукту';
