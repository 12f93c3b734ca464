/**
 * Moscow time (UTC+3 all year, no daylight saving) as the kit's date and time inputs show it, and back:
 * what staff type as a Moscow date and time travels as ISO with `+03:00`, whatever the browser's zone.
 * In the full domain entry, not the platform's (nothing on home's first paint needs it).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** A moment (ISO or Date) as the dd.mm.yyyy and HH:mm of Moscow — the pages' inputs, the api's webinar fields. */
export function moscowParts(at: string | Date): { date: string; time: string } {
  const d = new Date(new Date(at).getTime() + 3 * 3600_000);
  return { date: `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`, time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` };
}

/** dd.mm.yyyy and HH:mm typed as Moscow time → '2026-12-15T11:00:00+03:00'; null unless both are whole. */
export function moscowIso(date: string, time: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  return m && t ? `${m[3]}-${m[2]}-${m[1]}T${t[1]}:${t[2]}:00+03:00` : null;
}

/** Months as the home statistics name them («в этом месяце: ноябрь»). */
export const MONTH_NAMES = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'] as const;

/** The name of the Moscow calendar month `offset` months after the one `at` falls in: 30 Nov 22:30 UTC is already «декабрь». */
export function moscowMonthName(at: string | Date, offset = 0): string {
  const d = new Date(new Date(at).getTime() + 3 * 3600_000);
  return MONTH_NAMES[(((d.getUTCMonth() + offset) % 12) + 12) % 12];
}
