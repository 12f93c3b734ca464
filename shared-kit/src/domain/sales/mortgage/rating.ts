/**
 * The mortgage premium of one demo insurer for one policy year (tariffs.ts: model, ranges, choices)
 * for a valid MortgageCalculateRequest: integer kopecks, every part said in Russian, or a refusal.
 */
import { wholeYears } from '../osago/rating';
import { formatDate, formatMoney } from '../../format';
import { addCalendarDays, spanEnd, type CalendarSpan } from '../term';
import {
  INDICATIVE_NOTE,
  applyPpm,
  checkTariffValue,
  coefficientFactor,
  noTariffRefusal,
  percentText,
  premiumOfParts,
  rateFactor,
  tariffInsurers,
  tariffOn,
  type AppliedFactor,
  type ProductOffer,
  type ProductQuote,
  type TariffValue,
} from '../ratingKit';
import { BORROWER_SEX_TITLES, MORTGAGE_PROPERTY_TITLES, type MortgageCalculateRequest } from './input';
import { MORTGAGE_BANKS, MORTGAGE_LIFE_MAX_AGE, MORTGAGE_RANGES, MORTGAGE_TARIFFS, MORTGAGE_TITLE_YEARS, type MortgageBank, type MortgageTariffRows } from './tariffs';

export const MORTGAGE_INSURERS = tariffInsurers(MORTGAGE_TARIFFS);

export const mortgageBank = (code: string): MortgageBank => MORTGAGE_BANKS.find((b) => b.code === code)!;

/** The sum insured: the balance with the bank's uplift, rounded half up to the kopeck. */
export const mortgageSumInsured = (req: Pick<MortgageCalculateRequest, 'bank' | 'balance'>) => applyPpm(req.balance, 1_000_000 + mortgageBank(req.bank).uplift.ppm);

function lifeRate(rows: MortgageTariffRows, age: number): { v: TariffValue; band: string } | null {
  if (age < 18 || age > MORTGAGE_LIFE_MAX_AGE) return null;
  if (age <= 30) return { v: rows.lifeMen.to30, band: '18–30' };
  if (age <= 40) return { v: rows.lifeMen.to40, band: '31–40' };
  if (age <= 50) return { v: rows.lifeMen.to50, band: '41–50' };
  return { v: rows.lifeMen.to60, band: '51–60' };
}

/** The mortgage quote of one insurer for the policy year `req.policyYear` (1 by default). */
export function rateMortgage(req: MortgageCalculateRequest, insurer: string): ProductQuote {
  const tariff = tariffOn(MORTGAGE_TARIFFS, insurer, req.startDate);
  if (!tariff) return noTariffRefusal(insurer, req.startDate);
  const rows = tariff.rows;
  const bank = mortgageBank(req.bank);
  if (!rows.banks.includes(bank.code)) return { kind: 'refusal', insurer, reason: `Страховщик не аккредитован в банке «${bank.name}»` };
  const borrowers = req.life ? (req.borrowers ?? []).map((b) => ({ ...b, age: wholeYears(b.birthDate, req.startDate) })) : [];
  const lives = borrowers.map((b) => lifeRate(rows, b.age));
  const outOfRange = lives.findIndex((l) => l === null);
  if (outOfRange >= 0) {
    const age = borrowers[outOfRange].age;
    return { kind: 'refusal', insurer, reason: age < 18 ? `Заёмщик ${outOfRange + 1}: моложе 18 лет` : `Заёмщик ${outOfRange + 1}: страхование жизни старше ${MORTGAGE_LIFE_MAX_AGE} лет — по запросу к страховщику` };
  }

  const si = mortgageSumInsured(req);
  const year = req.policyYear ?? 1;
  const factors: AppliedFactor[] = [
    coefficientFactor('uplift', 'Страховая сумма', { ppm: 1_000_000 + bank.uplift.ppm, range: { min: 1_100_000, max: 1_100_000, source: MORTGAGE_RANGES.uplift.source } }, `остаток ${formatMoney(req.balance)} + ${percentText(bank.uplift.ppm)} по требованию банка «${bank.name}» = ${formatMoney(si)}${bank.upliftSource ? '' : '; собственной цифры банка в исследовании нет — принято 10 % по умолчанию'}`),
  ];
  const property = req.property === 'flat' ? rows.propertyFlat : rows.propertyWoodenHouse;
  const parts: { amount: number; ppms: number[] }[] = [{ amount: si, ppms: [checkTariffValue('property', property)] }];
  factors.push(rateFactor('property', 'Имущество (залог)', property, MORTGAGE_PROPERTY_TITLES[req.property].toLowerCase()));
  borrowers.forEach((b, i) => {
    const l = lives[i]!;
    const sexPpm = b.sex === 'female' ? checkTariffValue('lifeWomen', { ppm: 600_000, range: MORTGAGE_RANGES.lifeWomen }) : 1_000_000;
    parts.push({ amount: si, ppms: [b.share * 10_000, checkTariffValue(`life[${i}]`, l.v), sexPpm] });
    factors.push(rateFactor(`life[${i}]`, `Жизнь заёмщика ${i + 1}`, l.v, `${b.age} лет, мужская ставка группы ${l.band}, доля ${b.share} %`));
    if (b.sex === 'female') factors.push(coefficientFactor(`lifeWomen[${i}]`, `Заёмщик ${i + 1}: ${BORROWER_SEX_TITLES.female}`, { ppm: sexPpm, range: MORTGAGE_RANGES.lifeWomen }, 'к мужской ставке того же возраста'));
  });
  const notes = [INDICATIVE_NOTE, 'Взнос платится ежегодно; каждый следующий год — по остатку долга на его начало'];
  if (req.title && year <= MORTGAGE_TITLE_YEARS) {
    parts.push({ amount: si, ppms: [checkTariffValue('title', rows.title)] });
    factors.push(rateFactor('title', 'Титул', rows.title, `год ${year} из первых ${MORTGAGE_TITLE_YEARS}`));
  } else if (req.title) notes.push(`Титул не страхуется: ${year}-й год, титул — только первые ${MORTGAGE_TITLE_YEARS} года`);
  if (!req.life) notes.push('Без страхования жизни банк может повысить ставку по кредиту на 0,5–1 п. п.');
  const premium = premiumOfParts(parts);
  return {
    kind: 'offer',
    insurer,
    premium,
    currency: 'RUB',
    factors,
    clamps: [],
    notes,
    instalments: [premium],
    tariff: { insurer, validFrom: tariff.validFrom, source: tariff.source },
  };
}

/** Every insurer's answer, in the tariff table's order. */
export const rateMortgageAll = (req: MortgageCalculateRequest): ProductQuote[] => MORTGAGE_INSURERS.map((i) => rateMortgage(req, i));

// ─── a contract of several policy years, paid yearly ───────────────────────────────────────────────

/** The first day of the contract's policy year `k` (0 = the first): the start, then each anniversary. */
export const mortgageYearStart = (startDate: string, k: number): string => (k === 0 ? startDate : addCalendarDays(spanEnd(startDate, 12 * k), 1));

/** The contract's term: from the start to the last day of its last policy year. */
export const mortgageTerm = (req: Pick<MortgageCalculateRequest, 'startDate' | 'years'>): CalendarSpan => ({ from: req.startDate, to: spanEnd(req.startDate, 12 * (req.years ?? 1)) });

/** «2-й год» — the policy year of the loan the contract's year `k` is. */
const loanYear = (req: MortgageCalculateRequest, k: number) => (req.policyYear ?? 1) + k;

/**
 * The quote of one insurer for the whole contract: each of its `years` policy years rated on its own
 * (rateMortgage with that policy year of the loan and the borrowers' ages on its first day; title cover
 * only in the loan's years 1–3), all on the stated balance. The premium is their sum, `instalments` the
 * yearly amounts (one a year, the first due now). A year the insurer refuses refuses the contract.
 */
export function rateMortgageContract(req: MortgageCalculateRequest, insurer: string): ProductQuote {
  const years = req.years ?? 1;
  const rated: { k: number; q: ProductQuote }[] = Array.from({ length: years }, (_, k) => ({
    k,
    q: rateMortgage({ ...req, startDate: mortgageYearStart(req.startDate, k), policyYear: loanYear(req, k) }, insurer),
  }));
  const refused = rated.find((r) => r.q.kind === 'refusal');
  if (refused && refused.q.kind === 'refusal') {
    return refused.k === 0 ? refused.q : { kind: 'refusal', insurer, reason: `${loanYear(req, refused.k)}-й год страхования (с ${formatDate(mortgageYearStart(req.startDate, refused.k))}): ${refused.q.reason}` };
  }
  const offers = rated.map((r) => r.q as ProductOffer);
  if (years === 1) return offers[0];
  const instalments = offers.map((o) => o.premium);
  const notes = [...new Set(offers.flatMap((o) => o.notes))];
  notes.push(
    `Взносы по годам: ${offers.map((o, k) => `${loanYear(req, k)}-й год — ${formatMoney(o.premium)}`).join(', ')}; следующие годы рассчитаны по сегодняшнему остатку долга, страховщик пересчитает их по остатку на начало года`,
  );
  return { ...offers[0], premium: instalments.reduce((a, b) => a + b, 0), instalments, notes };
}

/** Every insurer's answer for the whole contract, in the tariff table's order. */
export const rateMortgageContractAll = (req: MortgageCalculateRequest): ProductQuote[] => MORTGAGE_INSURERS.map((i) => rateMortgageContract(req, i));

/**
 * The payment schedule of a mortgage contract: one instalment per policy year, the yearly amounts of its
 * offer (`instalments`), the first due `today`, each next on its year's first day (never before today).
 */
export function mortgageSchedule(instalments: readonly number[], req: Pick<MortgageCalculateRequest, 'startDate' | 'years'>, today: string): { dueDate: string; amount: number }[] {
  const years = req.years ?? 1;
  if (instalments.length !== years || !instalments.every((a) => Number.isSafeInteger(a) && a > 0)) throw new Error(`mortgageSchedule: ${years} positive yearly amounts expected`);
  return instalments.map((amount, k) => {
    const due = k === 0 ? today : mortgageYearStart(req.startDate, k);
    return { dueDate: due < today ? today : due, amount };
  });
}
