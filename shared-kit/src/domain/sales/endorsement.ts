/**
 * An endorsement's price (issue 25): a change of a policy in force is re-rated by the same insurer's
 * rating the quote used (kasko/rating.ts, property/rating.ts), and the client pays — or gets back — the
 * difference of the annual premiums for the days of the term still left, pro rata temporis. The
 * product's changeable fields and their check are its own (kasko/changes.ts, property/changes.ts).
 */
import { formatMoney } from '../format';
import { daysInclusive } from './ratingKit';

/** The policy's term and the day the change takes effect (YYYY-MM-DD each, both ends of the term included). */
export interface EndorsementTerm {
  startDate: string;
  endDate: string;
  /** The change's effective date. */
  date: string;
}

/** What the insurer answers of a change: the re-rated premiums and the difference for the days left, or its refusal naming the field. */
export type EndorsementPrice =
  | {
      kind: 'priced';
      /** The annual premium of the policy as it stands and as changed (kopecks). */
      oldPremium: number;
      newPremium: number;
      /** Days of the term from the change date to the end, and of the whole term (both ends included). */
      daysLeft: number;
      termDays: number;
      /** Kopecks: + the client pays extra, − returned to the client. */
      delta: number;
    }
  | { kind: 'refusal'; reason: string; field: string };

/** Days of the term, and days left from `date` (a change before the start: the whole term). */
export function endorsementDays(t: EndorsementTerm): { daysLeft: number; termDays: number } {
  const termDays = daysInclusive(t.startDate, t.endDate);
  const from = t.date < t.startDate ? t.startDate : t.date;
  const daysLeft = Math.max(0, Math.min(termDays, daysInclusive(from, t.endDate)));
  return { daysLeft, termDays };
}

/**
 * (new − old annual premium) × days left / days of the term, in integer kopecks. Rounding: to the
 * nearest kopeck, a half kopeck away from zero — the same for an extra payment and a return, so a change
 * and its reverse on the same day cost the same amount both ways.
 */
export function proRataDelta(oldPremium: number, newPremium: number, t: EndorsementTerm): number {
  const { daysLeft, termDays } = endorsementDays(t);
  const diff = newPremium - oldPremium;
  if (diff === 0 || daysLeft === 0) return 0;
  const abs = Math.abs(diff);
  // Integers only: ⌊(2·|Δ|·left + term) / (2·term)⌋ is |Δ|·left/term rounded half up (|Δ| ≤ 10¹⁰ kopecks: exact in a double).
  const rounded = Math.floor((2 * abs * daysLeft + termDays) / (2 * termDays));
  return diff > 0 ? rounded : -rounded;
}

/** A priced change from the two annual quotes (each an offer's premium, or a refusal's reason). */
export function priceEndorsement(
  before: { kind: 'offer'; premium: number } | { kind: 'refusal'; reason: string },
  after: { kind: 'offer'; premium: number } | { kind: 'refusal'; reason: string },
  t: EndorsementTerm,
  field: string,
): EndorsementPrice {
  if (after.kind === 'refusal') return { kind: 'refusal', reason: after.reason, field };
  // The policy as it stands no longer rates (a tariff gone): the insurer cannot re-price it.
  if (before.kind === 'refusal') return { kind: 'refusal', reason: before.reason, field: 'change' };
  const { daysLeft, termDays } = endorsementDays(t);
  return { kind: 'priced', oldPremium: before.premium, newPremium: after.premium, daysLeft, termDays, delta: proRataDelta(before.premium, after.premium, t) };
}

/** «1 800 000 ₽ → 2 000 000 ₽». */
export const moneyChangeText = (from: number, to: number) => `${formatMoney(from)} → ${formatMoney(to)}`;
