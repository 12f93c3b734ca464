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

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${d.getFullYear()}`;
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
