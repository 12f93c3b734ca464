/** Russian plural form: plural(5, ['урок', 'урока', 'уроков']) → 'уроков'. */
export function plural(n: number, forms: [one: string, few: string, many: string]): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  if (abs > 10 && abs < 20) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** «5 уроков», «1 урок». */
export function countText(n: number, forms: [string, string, string]): string {
  return `${n}\u00a0${plural(n, forms)}`;
}

/** The page number from the URL (?page=2); anything else is page 1. */
export function pageFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
}
