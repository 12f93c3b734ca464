/** Money travels in integer kopecks and is shown as «1 234,56 ₽»; dates as dd.mm.yyyy. */
const NBSP = '\u00a0';

export function formatMoney(kopecks: number): string {
  const negative = kopecks < 0;
  const abs = Math.abs(Math.round(kopecks));
  const rub = Math.floor(abs / 100);
  const kop = abs % 100;
  const rubText = String(rub).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? '−' : ''}${rubText},${String(kop).padStart(2, '0')}${NBSP}₽`;
}

/** dd.mm.yyyy of a moment in the local zone, or of a calendar day 'YYYY-MM-DD' as it is (never shifted by the zone). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value)) return value.split('-').reverse().join('.');
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${d.getFullYear()}`;
}

/**
 * A moment in Moscow time, «dd.mm.yyyy, hh:mm» (with `seconds`, «…:ss»): what the broker's staff and
 * agents read whatever the browser's or the server's zone.
 */
export function formatMoscowDateTime(value: string | Date | null | undefined, { seconds = false } = {}): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year}, ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/** A file size as people read it: «820 Б», «52 КБ», «1,4 МБ» (a no-break space before the unit). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)}${NBSP}Б`;
  const units = ['КБ', 'МБ', 'ГБ'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = value >= 10 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '').replace('.', ',');
  return `${text}${NBSP}${units[unit]}`;
}
