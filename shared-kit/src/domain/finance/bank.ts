/**
 * Bank details checked offline (../shared/research/agent-payouts.md «Bank file»): a BIK is 9 digits; a
 * settlement account is 20 digits whose control key, with the BIK's last three digits before it, gives a
 * weighted sum (weights 7-1-3 repeated) divisible by 10 (the Central Bank's key algorithm). An INN is 10
 * digits (a company) or 12 (a person, an entrepreneur), with the tax service's control digits.
 */

const digits = (s: string) => [...s].map(Number);

export const isBik = (bik: string) => /^\d{9}$/.test(bik);

/** The account's key against its bank's BIK (a commercial bank: BIK digits 7–9 precede the account). */
export function isAccountOfBik(account: string, bik: string): boolean {
  if (!/^\d{20}$/.test(account) || !isBik(bik)) return false;
  const all = digits(bik.slice(-3) + account);
  const weights = [7, 1, 3];
  return all.reduce((sum, d, i) => sum + d * weights[i % 3], 0) % 10 === 0;
}

const innDigit = (d: number[], weights: number[]) => (weights.reduce((s, w, i) => s + w * d[i], 0) % 11) % 10;

export function isInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return innDigit(digits(inn), [2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[9]);
  if (/^\d{12}$/.test(inn)) {
    const d = digits(inn);
    return innDigit(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && innDigit(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
  }
  return false;
}

/** The control digits appended to an INN's first 9 (company) or 10 (person) digits — for demo data and tests. */
export function withInnControl(head: string): string {
  if (/^\d{9}$/.test(head)) return head + innDigit(digits(head), [2, 4, 10, 3, 5, 9, 4, 6, 8]);
  const d11 = head + innDigit(digits(head), [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  return d11 + innDigit(digits(d11), [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
}

/** An account number with its key set (position 9) for a BIK — for demo data and tests. */
export function withAccountKey(account: string, bik: string): string {
  for (let k = 0; k <= 9; k++) {
    const candidate = account.slice(0, 8) + k + account.slice(9);
    if (isAccountOfBik(candidate, bik)) return candidate;
  }
  return account;
}
