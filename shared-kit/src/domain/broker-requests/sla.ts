/**
 * The SLA clock of a broker request (issue 12): the product's «до N р.ч.» counted in the broker's
 * working hours — Monday to Friday, 9:00–18:00 Moscow time (UTC+3 all year). Public holidays are not
 * counted apart: the spec names none and the production calendar is not in the product (a request
 * sent on 31 December runs its clock on 1 January like any Thursday).
 */
export const SLA_WORKDAY = { startHour: 9, endHour: 18 } as const;
const MSK_MS = 3 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Moscow wall-clock ms of an instant (a UTC clock shifted by 3 h: its UTC getters read Moscow time). */
const toMsk = (t: number) => t + MSK_MS;
const fromMsk = (t: number) => t - MSK_MS;
const dayStart = (msk: number) => msk - (msk % DAY);
const isWorkday = (msk: number) => {
  const d = new Date(msk).getUTCDay();
  return d !== 0 && d !== 6;
};

/** The working interval of the Moscow day containing `msk`, or null on a weekend. */
function workingWindow(msk: number): [number, number] | null {
  if (!isWorkday(msk)) return null;
  const d = dayStart(msk);
  return [d + SLA_WORKDAY.startHour * HOUR, d + SLA_WORKDAY.endHour * HOUR];
}

/** When `hours` working hours counted from `from` run out. */
export function slaDeadline(from: Date, hours: number): Date {
  let t = toMsk(from.getTime());
  let left = hours * HOUR;
  for (;;) {
    const w = workingWindow(t);
    if (w && t < w[1]) {
      const start = Math.max(t, w[0]);
      if (start + left <= w[1]) return new Date(fromMsk(start + left));
      left -= w[1] - start;
    }
    t = dayStart(t) + DAY;
  }
}

/** Working ms from `from` to `to` (negative when `to` is earlier). */
export function workingMsBetween(from: Date, to: Date): number {
  const a = toMsk(from.getTime());
  const b = toMsk(to.getTime());
  if (b < a) return -workingMsBetween(to, from);
  let sum = 0;
  for (let d = dayStart(a); d < b; d += DAY) {
    const w = workingWindow(d);
    if (w) sum += Math.max(0, Math.min(b, w[1]) - Math.max(a, w[0]));
  }
  return sum;
}

export interface SlaState {
  deadline: Date;
  /** Working ms left until the deadline; negative once overdue (working ms past it). */
  remainingMs: number;
  overdue: boolean;
}

/** Where a request's clock stands at `now`, started at `since` (when it was sent) for `hours` working hours. */
export function slaState(since: Date, hours: number, now: Date): SlaState {
  const deadline = slaDeadline(since, hours);
  const overdue = now.getTime() > deadline.getTime();
  const remainingMs = overdue ? -workingMsBetween(deadline, now) : workingMsBetween(now, deadline);
  return { deadline, remainingMs, overdue };
}

/** «осталось 3 р.ч. 20 мин» / «просрочен на 1 р.ч. 5 мин» / «срок истёк» (working hours, whole minutes). */
export function slaText(s: Pick<SlaState, 'remainingMs' | 'overdue'>): string {
  const minutes = Math.floor(Math.abs(s.remainingMs) / 60_000);
  if (s.overdue && minutes === 0) return 'срок истёк';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const span = h ? (m ? `${h} р.ч. ${m} мин` : `${h} р.ч.`) : `${m} мин`;
  return s.overdue ? `просрочен на ${span}` : `осталось ${span}`;
}
