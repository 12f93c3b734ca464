import { OsagoRatingError, rateOsago, wholeYears, type TariffGroup } from '@oyster/shared-kit/domain';
import type { InsurerAdapter, OsagoQuoteAnswer, OsagoQuoteRequest } from './adapter.js';

/**
 * The demo insurers: in-process stand-ins for the insurers' e-OSAGO services, one per seeded company.
 * Their base rates are demo choices inside the Bank of Russia corridor in force from 09.12.2025
 * (shared-kit tables; a test holds them to it), their acceptance rules are the kind real insurers
 * publish, and each answers after its own delay, as a remote service would. Not tariffs of the
 * companies whose names the demo data borrows.
 */
export interface DemoInsurer {
  code: string;
  /** Roubles a year per tariff group (valid from 09.12.2025). */
  baseRates: Record<TariffGroup, number>;
  /** Insurer → broker commission, percent of the premium. */
  commissionPercent: number;
  /** Milliseconds before the answer (DEMO_INSURER_DELAY_MS overrides it for every insurer). */
  delayMs: number;
  /** The reason to refuse, or null to quote. */
  refuses(req: OsagoQuoteRequest): string | null;
}

const ageOfVehicle = (req: OsagoQuoteRequest) => (req.vehicleYear ? Number(req.rating.startDate.slice(0, 4)) - req.vehicleYear : null);
const namedDrivers = (req: OsagoQuoteRequest) => (req.rating.drivers === 'unrestricted' ? [] : req.rating.drivers);

export const DEMO_INSURERS: readonly DemoInsurer[] = [
  {
    code: 'ingos',
    baseRates: { B_FL: 7800, B_YL: 6000, B_TAXI: 16000 },
    commissionPercent: 10,
    delayMs: 600,
    refuses: (req) => (req.rating.territory.region === '23' ? 'Лимит договоров по Краснодарскому краю на этот месяц исчерпан' : null),
  },
  {
    code: 'reso',
    baseRates: { B_FL: 8665, B_YL: 6580, B_TAXI: 18119 },
    commissionPercent: 8,
    delayMs: 900,
    refuses: (req) => (req.group === 'B_TAXI' ? 'Не страхуем ТС, используемые в качестве такси' : null),
  },
  {
    code: 'alfa',
    baseRates: { B_FL: 6900, B_YL: 5200, B_TAXI: 14500 },
    commissionPercent: 12,
    delayMs: 400,
    refuses: (req) => (req.rating.powerHp > 250 ? 'Онлайн-продажа недоступна для ТС мощностью свыше 250 л. с.' : null),
  },
  {
    code: 'sogaz',
    baseRates: { B_FL: 5900, B_YL: 4800, B_TAXI: 12000 },
    commissionPercent: 9,
    delayMs: 1200,
    refuses: (req) => {
      const age = ageOfVehicle(req);
      return age !== null && age > 25 ? `Не страхуем ТС старше 25 лет (этому ${age})` : null;
    },
  },
  {
    code: 'renins',
    baseRates: { B_FL: 7200, B_YL: 5600, B_TAXI: 15000 },
    commissionPercent: 11,
    delayMs: 700,
    refuses: (req) =>
      namedDrivers(req).some((d) => wholeYears(d.birthDate, req.rating.startDate) < 22) ? 'Не страхуем водителей моложе 22 лет' : null,
  },
  {
    code: 'vsk',
    baseRates: { B_FL: 8100, B_YL: 6200, B_TAXI: 17000 },
    commissionPercent: 10,
    delayMs: 1500,
    refuses: () => null,
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The adapter of one demo insurer; `delayMs` null keeps the insurer's own delay. */
export function demoAdapter(insurer: DemoInsurer, delayMs: number | null): InsurerAdapter {
  return {
    code: insurer.code,
    async quoteOsago(req): Promise<OsagoQuoteAnswer> {
      const wait = delayMs ?? insurer.delayMs;
      if (wait > 0) await sleep(wait);
      const reason = insurer.refuses(req);
      if (reason) return { kind: 'refusal', reason };
      const baseRate = insurer.baseRates[req.group];
      try {
        return { kind: 'offer', baseRate, rated: rateOsago(req.rating, baseRate), commissionPercent: insurer.commissionPercent };
      } catch (e) {
        // Its rate is outside the corridor on this start date: the insurer cannot sell on it.
        if (e instanceof OsagoRatingError && e.field === 'baseRate') return { kind: 'refusal', reason: 'Тариф страховщика не действует на эту дату начала' };
        throw e;
      }
    },
  };
}
