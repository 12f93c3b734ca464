import {
  BASE_RATE_CORRIDORS,
  KBM_DEFAULT_CLASS,
  OsagoRatingError,
  foreignToKopecks,
  rateOsago,
  tariffGroup,
  versionOn,
  type DriverKbm,
  type KbmClass,
  type OsagoOffer,
  type OsagoRatingInput,
  type OsagoRefusal,
  type ProductCode,
} from '@oyster/shared-kit/domain';
import type { Queryable } from '../platform/db.js';
import { validationError } from '../platform/errors.js';
import type { InsurerAdapter } from './insurers/adapter.js';
import { productModule } from './products/index.js';
import type { StoredRate } from './currency/rates.js';
import { loggedCall } from './contracts/insurer-calls.js';
import { commissionOf } from '../finance/ledger.js';
import type { OsagoCalculateBody } from './schemas.js';
import type { InsurerTariff } from '../reference/partners.js';

/** How long a quote waits for an insurer before counting it as a refusal. */
export const QUOTE_TIMEOUT_MS = 10_000;
export const QUOTE_TIMEOUT_REASON = 'Страховщик не ответил вовремя';
export const QUOTE_FAILURE_REASON = 'Сервис страховщика недоступен';
export const NO_RATE_REASON = 'Нет курса валюты на сегодня: премию в рублях не зафиксировать';

export interface Insurer {
  id: string;
  code: string;
  name: string;
}

/** КБМ classes by licence from the bonus-malus registry; a licence not there is class 3. */
export async function lookupKbm(q: Queryable, licences: string[]): Promise<Map<string, DriverKbm>> {
  const rows = licences.length
    ? await q.query<{ licence: string; kbm_class: KbmClass }>('SELECT licence, kbm_class FROM kbm_registry WHERE licence = ANY($1)', [licences])
    : [];
  const found = new Map(rows.map((r) => [r.licence, r.kbm_class]));
  return new Map(licences.map((l) => [l, { licence: l, kbmClass: found.get(l) ?? KBM_DEFAULT_CLASS, found: found.has(l) }]));
}

/** Made once: a formatter costs far more to make than to use (several per quote; bench/products-quote.mjs). */
const MOSCOW_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Moscow, YYYY-MM-DD (policies start on Moscow dates). */
export function moscowToday(now = new Date()): string {
  return MOSCOW_DAY.format(now);
}

/** The territory the address suggestion names: its region's two KLADR digits and its city (or settlement). */
export function territoryOf(address: OsagoCalculateBody['owner']['address']): OsagoRatingInput['territory'] {
  const kladr = address.data.region_kladr_id || address.data.kladr_id || '';
  if (!/^\d{2}/.test(kladr)) throw validationError('Поле «owner.address»: выберите адрес из подсказок (нет кода региона КЛАДР)', 'owner.address');
  return { region: kladr.slice(0, 2), city: address.data.city || address.data.settlement || null, label: address.value };
}

/**
 * The rating input of a calculate request, with the drivers' КБМ from the registry. Everything that
 * does not depend on the insurer is checked here, once: a bad category, an address without КТ, an
 * impossible driver or period is a 400 naming the field before any insurer is asked.
 */
export async function ratingInput(q: Queryable, body: OsagoCalculateBody, today = moscowToday()) {
  if (body.startDate < today) throw validationError('Поле «startDate»: дата начала не может быть раньше сегодняшней', 'startDate');
  const licences = [...(body.drivers ?? []).map((d) => d.licence), ...(body.owner.licence ? [body.owner.licence] : [])];
  const kbm = await lookupKbm(q, [...new Set(licences)]);
  const unrestricted = body.unrestricted === true;
  const rating: OsagoRatingInput = {
    category: body.vehicle.category,
    ownerType: body.vehicle.ownerType,
    taxi: body.vehicle.taxi === true,
    trailer: body.vehicle.trailer === true,
    powerHp: body.vehicle.powerHp,
    territory: territoryOf(body.owner.address),
    drivers: unrestricted
      ? 'unrestricted'
      : (body.drivers ?? []).map((d) => ({ birthDate: d.birthDate, experienceSince: d.experienceSince, kbmClass: kbm.get(d.licence)!.kbmClass })),
    ownerKbmClass: unrestricted
      ? body.vehicle.ownerType === 'YL'
        ? (body.vehicleKbmClass as KbmClass | undefined) ?? KBM_DEFAULT_CLASS
        : body.owner.licence
          ? kbm.get(body.owner.licence)!.kbmClass
          : KBM_DEFAULT_CLASS
      : undefined,
    periodMonths: body.periodMonths,
    startDate: body.startDate,
    grossViolation: body.grossViolation === true,
  };
  try {
    const group = tariffGroup(rating.category, rating.ownerType, rating.taxi);
    // A probe at the corridor's minimum checks every insurer-independent factor once.
    const corridor = versionOn(BASE_RATE_CORRIDORS, rating.startDate);
    rateOsago(rating, corridor ? corridor.rows[group].min : 0);
    return { rating, group, kbm: [...kbm.values()] };
  } catch (e) {
    if (e instanceof OsagoRatingError) throw validationError(e.message.startsWith('Поле') ? e.message : `Поле «${e.field}»: ${e.message}`, e.field);
    throw e;
  }
}

const withTimeout = <T>(p: Promise<T>, ms: number, onTimeout: () => T): Promise<T> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve(onTimeout()), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });

/** What quoting needs of an adapter. */
export type QuoteAdapter = Pick<InsurerAdapter, 'code' | 'quote'> & { products?: InsurerAdapter['products'] };

/** One insurer's answer as the wire carries it. */
export type InsurerAnswer = { offer: OsagoOffer; refusal?: undefined } | { refusal: OsagoRefusal; offer?: undefined };

/**
 * Every insurer asked at once; each answers an offer or a refusal. An adapter that fails or does not
 * answer within QUOTE_TIMEOUT_MS becomes a refusal with that reason (the others are not held up).
 * `onAnswer` hears each answer as it comes (the streamed quote sends it over the socket).
 */
export async function quoteAll(
  adapters: readonly QuoteAdapter[],
  insurers: readonly Insurer[],
  req: unknown,
  opts: {
    /** The product quoted (e-OSAGO unless said): its module makes each answer an offer. */
    product?: ProductCode;
    /**
     * The day's rates of the foreign currencies the product prices in (currency/rates.ts): an offer in one is
     * fixed in kopecks at it (premium), keeping the foreign premium and the rate. An offer in a currency
     * without a rate here is a refusal.
     */
    currencyRates?: ReadonlyMap<string, StoredRate>;
    showCommission: boolean;
    /**
     * The rates in force for the sale, by insurer (basis points, finance/rates.ts offerRates): each offer
     * then says what the seller earns on it and what the insurer pays the broker.
     */
    rates?: { seller: ReadonlyMap<string, number>; insurer: ReadonlyMap<string, number> };
    timeoutMs?: number;
    log?: (o: object, m: string) => void;
    onAnswer?: (answer: InsurerAnswer) => Promise<void> | void;
    /** Where each insurer's answer is logged for the soap-logs page (not awaited by the quote). */
    callLog?: Queryable;
    contractId?: string | null;
    /** Who asked for the quote: its logged calls are theirs (SOAP-логи follow this user's scope). */
    askedBy?: string;
    /**
     * The tariff mapping in force on the quote's day, by insurer (reference/partners.ts tariffsInForce): the
     * request to an insurer with one carries its own codes as `insurerTariff` (and so does its SOAP-лог).
     */
    tariffs?: ReadonlyMap<string, InsurerTariff>;
  },
): Promise<{ offers: OsagoOffer[]; refusals: OsagoRefusal[] }> {
  const byCode = new Map(insurers.map((i) => [i.code, i]));
  const product = opts.product ?? 'eosago';
  const module = productModule(product)!;
  const answers = await Promise.all(
    askedAdapters(adapters, insurers, product).map(async (a) => {
      const insurer = byCode.get(a.code)!;
      let answer: InsurerAnswer;
      const tariff = opts.tariffs?.get(insurer.id);
      const sent = tariff && req && typeof req === 'object' ? { ...(req as object), insurerTariff: tariff } : req;
      try {
        const ask = () => withTimeout(a.quote(product, sent), opts.timeoutMs ?? QUOTE_TIMEOUT_MS, () => ({ kind: 'refusal' as const, reason: QUOTE_TIMEOUT_REASON }));
        const got = opts.callLog
          ? await loggedCall(opts.callLog, { companyId: insurer.id, contractId: opts.contractId ?? null, askedBy: opts.askedBy, method: 'quote', request: sent }, ask, { wait: false })
          : await ask();
        const rate = got.kind === 'offer' && got.currency !== 'RUB' ? opts.currencyRates?.get(got.currency) : undefined;
        if (got.kind === 'refusal' || (got.currency !== 'RUB' && !rate)) {
          answer = { refusal: { companyId: insurer.id, companyName: insurer.name, reason: got.kind === 'refusal' ? got.reason : NO_RATE_REASON } };
        } else {
          // A foreign premium fixed in kopecks at the day's rate (integers, half up): the commission is on that.
          const premium = rate ? foreignToKopecks(got.premium, rate.rate) : got.premium;
          const foreign = rate ? { currency: got.currency, premiumForeign: got.premium, rate: rate.rate, rateDate: rate.date, rateSource: rate.source } : {};
          answer = {
            offer: {
              ...(module.offer(got, insurer) as unknown as OsagoOffer),
              premium,
              ...foreign,
              ...(opts.showCommission ? offerCommission(opts.rates, insurer.id, premium) : {}),
            },
          };
        }
      } catch (e) {
        opts.log?.({ insurer: a.code, err: String(e) }, 'osago quote failed');
        answer = { refusal: { companyId: insurer.id, companyName: insurer.name, reason: QUOTE_FAILURE_REASON } };
      }
      if (opts.onAnswer) {
        try {
          await opts.onAnswer(answer);
        } catch (e) {
          opts.log?.({ insurer: a.code, err: String(e) }, 'osago quote answer not delivered');
        }
      }
      return answer;
    }),
  );
  const offers = answers.flatMap((x) => (x.offer ? [x.offer] : [])).sort((a, b) => a.premium - b.premium);
  const refusals = answers.flatMap((x) => (x.refusal ? [x.refusal] : []));
  return { offers, refusals };
}

/** An offer's commission lines: the insurer's rate, and what the seller earns at theirs (percent, integer kopecks); each only when in force. */
function offerCommission(rates: { seller: ReadonlyMap<string, number>; insurer: ReadonlyMap<string, number> } | undefined, companyId: string, premium: number): Pick<OsagoOffer, 'agentCommission' | 'commissionPercent'> {
  const insurerBp = rates?.insurer.get(companyId);
  const sellerBp = rates?.seller.get(companyId);
  return {
    ...(insurerBp === undefined ? {} : { commissionPercent: insurerBp / 100 }),
    ...(sellerBp === undefined ? {} : { agentCommission: { percent: sellerBp / 100, amount: commissionOf(premium, sellerBp) } }),
  };
}

/** The adapters of the insurers the database knows that sell the product, in the adapters' order. */
export function askedAdapters<A extends QuoteAdapter>(adapters: readonly A[], insurers: readonly Insurer[], product: ProductCode = 'eosago'): A[] {
  const known = new Set(insurers.map((i) => i.code));
  return adapters.filter((a) => known.has(a.code) && (!a.products || a.products.includes(product)));
}
