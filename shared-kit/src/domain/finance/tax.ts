/**
 * Taxes on agents' payouts (issue 24), the one place the rules live. Integer kopecks only.
 * Source: ../shared/research/agent-payouts.md (НДФЛ scale since 2025: Vedomosti 2025-09-02, 2025-10-10;
 * finance.mail.ru 2024-09-30 — confidence high; rounding to whole roubles, Tax Code art. 52 p. 6 —
 * confidence medium; self-employed limit, 422-FZ — high).
 */

/** The progressive НДФЛ scale in force from 2025-01-01: each rate applies to the part of the year's income above its threshold. */
export const NDFL_SCALE = {
  validFrom: '2025-01-01',
  /** [from, in kopecks; rate, whole percent]. */
  bands: [
    [0, 13],
    [2_400_000_00, 15],
    [5_000_000_00, 18],
    [20_000_000_00, 20],
    [50_000_000_00, 22],
  ] as const,
} as const;

/** The self-employed (НПД) yearly income limit, 422-FZ: 2 400 000 ₽. */
export const SELF_EMPLOYED_YEAR_LIMIT_KOPECKS = 2_400_000_00;

/**
 * НДФЛ on a calendar year's income so far, in kopecks, rounded to whole roubles (below 50 kopecks dropped,
 * 50 and above up). Counted in kopeck·percent so no fraction ever appears.
 */
export function ndflOnYearIncome(yearIncomeKopecks: number): number {
  if (yearIncomeKopecks <= 0) return 0;
  let kopeckPercent = 0;
  const bands = NDFL_SCALE.bands;
  for (let i = 0; i < bands.length; i++) {
    const [from, rate] = bands[i];
    const to = i + 1 < bands.length ? bands[i + 1][0] : Infinity;
    if (yearIncomeKopecks <= from) break;
    kopeckPercent += (Math.min(yearIncomeKopecks, to) - from) * rate;
  }
  // Whole roubles are multiples of 10 000 kopeck·percent: round half up to one, then ÷ 100 (percent) — exact.
  const halfUp = kopeckPercent + 5_000;
  return (halfUp - (halfUp % 10_000)) / 100;
}

/**
 * The tax to withhold from one FL payout by the cumulative method (Tax Code art. 225–226): the tax on the
 * year's income including this payout, less what was withheld from the year's earlier payouts.
 */
export function ndflToWithhold(earlierYearGrossKopecks: number, earlierYearTaxKopecks: number, grossKopecks: number): number {
  return Math.max(0, ndflOnYearIncome(earlierYearGrossKopecks + grossKopecks) - earlierYearTaxKopecks);
}
