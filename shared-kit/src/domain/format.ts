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
