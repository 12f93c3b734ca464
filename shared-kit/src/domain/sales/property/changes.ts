/**
 * What a client changes in a property policy in force (an endorsement, issue 25): the cover sums —
 * structure, finishing, contents, liability (0: the part is no longer insured). A change is a partial
 * calculation over the stored one: the api checks it (propertyChangeSchema: 400s name
 * `change.cover.<part>`), the insurer re-rates the changed calculation with its own rating (rating.ts,
 * the quote's) and prices the rest of the term pro rata (../endorsement.ts); the contract page's
 * «Внести изменение» offers the same fields with these labels.
 */
import * as yup from 'yup';
import { fields } from '../ratingKit';
import { moneyChangeText, priceEndorsement, type EndorsementPrice, type EndorsementTerm } from '../endorsement';
import { formatMoney } from '../../format';
import { PROPERTY_PARTS, PROPERTY_PART_TITLES, PROPERTY_SUM_MAX, type PropertyCalculateRequest, type PropertyPart } from './input';
import { rateProperty } from './rating';

/** The cover sums a change may touch, in the form's order, with their labels. */
export const PROPERTY_CHANGE_FIELDS = PROPERTY_PARTS;
export const PROPERTY_CHANGE_LABELS: Record<PropertyPart, string> = PROPERTY_PART_TITLES;

/** POST …/endorsements' `change` for property: the new sums of the parts that change (kopecks; 0 — no longer insured). */
export interface PropertyChange {
  cover: Partial<Record<PropertyPart, number>>;
}

const sum = (part: PropertyPart) => fields.int(`change.cover.${part}`, 0, PROPERTY_SUM_MAX);

export const propertyChangeSchema = yup.object({
  cover: yup
    .object({ structure: sum('structure'), finishing: sum('finishing'), contents: sum('contents'), liability: sum('liability') })
    .test('some-part', 'Поле «change.cover»: укажите новую сумму хотя бы одной части (structure, finishing, contents, liability)', (v) => !v || PROPERTY_PARTS.some((p) => v[p] != null))
    .required(fields.required('change.cover'))
    .label('change.cover'),
});

/** The stored calculation with the change applied. */
export function applyPropertyChange(calc: PropertyCalculateRequest, change: PropertyChange): PropertyCalculateRequest {
  const cover = { ...calc.cover };
  for (const p of PROPERTY_PARTS) if (change.cover[p] != null) cover[p] = change.cover[p];
  return { ...calc, cover };
}

/** What is wrong with the changed policy whatever the insurer (nothing left insured), or null. */
export function propertyChangeProblem(calc: PropertyCalculateRequest, change: PropertyChange): { field: string; message: string } | null {
  const next = applyPropertyChange(calc, change);
  const any = PROPERTY_PARTS.some((p) => (next.cover[p] ?? 0) > 0) || (next.outbuildings ?? []).length > 0;
  return any ? null : { field: 'change.cover', message: 'Поле «change.cover»: после изменения ничего не останется застрахованным — такой полис расторгают, а не изменяют' };
}

/** The change in words («Движимое имущество 300 000,00 ₽ → 500 000,00 ₽; …»), or null when no sum changes. */
export function describePropertyChange(calc: PropertyCalculateRequest, change: PropertyChange): string | null {
  const parts: string[] = [];
  for (const p of PROPERTY_PARTS) {
    const from = calc.cover[p] ?? 0;
    const to = change.cover[p];
    if (to == null || to === from) continue;
    const title = PROPERTY_PART_TITLES[p];
    parts.push(to === 0 ? `${title}: больше не страхуется (было ${formatMoney(from)})` : from === 0 ? `${title}: теперь страхуется, ${formatMoney(to)}` : `${title} ${moneyChangeText(from, to)}`);
  }
  return parts.length ? parts.join('; ') : null;
}

/**
 * One insurer's price of a change from `term.date`: the stored calculation and the changed one rated by its
 * property tariff (the quote's rating, on the policy's start date), the difference for the days left.
 */
export function pricePropertyChange(insurer: string, calc: PropertyCalculateRequest, change: PropertyChange, term: EndorsementTerm): EndorsementPrice {
  const first = PROPERTY_PARTS.find((p) => change.cover[p] != null) ?? null;
  return priceEndorsement(rateProperty(calc, insurer), rateProperty(applyPropertyChange(calc, change), insurer), term, first ? `change.cover.${first}` : 'change.cover');
}
