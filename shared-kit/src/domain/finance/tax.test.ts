import { ndflOnYearIncome, ndflToWithhold } from './tax';

const rub = (r: number) => r * 100;

describe('НДФЛ on the progressive scale over the year', () => {
  it('is 13% up to 2 400 000 ₽', () => {
    expect(ndflOnYearIncome(rub(100_000))).toBe(rub(13_000));
    expect(ndflOnYearIncome(rub(2_400_000))).toBe(rub(312_000));
  });
  it('taxes only the part above each threshold at the higher rate', () => {
    // 312 000 + 15% × 2 600 000 = 702 000; + 18% × 1 000 000
    expect(ndflOnYearIncome(rub(5_000_000))).toBe(rub(702_000));
    expect(ndflOnYearIncome(rub(6_000_000))).toBe(rub(882_000));
    // 702 000 + 18% × 15 000 000 = 3 402 000; + 20% × 30 000 000 = 9 402 000; + 22% × 1 000 000
    expect(ndflOnYearIncome(rub(51_000_000))).toBe(rub(9_622_000));
  });
  it('rounds the tax to whole roubles: under 50 kopecks dropped, 50 and above up', () => {
    expect(ndflOnYearIncome(346)).toBe(0); // 44.98 kopecks
    expect(ndflOnYearIncome(385)).toBe(100); // 50.05 kopecks
    expect(ndflOnYearIncome(rub(1_000) + 3)).toBe(rub(130)); // 130 ₽ 0.39 коп.
  });
  it('a payout that crosses 2.4 M mid-year is taxed partly at 13% and partly at 15%', () => {
    const months = [rub(1_000_000), rub(1_000_000), rub(1_000_000)];
    let gross = 0;
    let tax = 0;
    const withheld = months.map((g) => {
      const t = ndflToWithhold(gross, tax, g);
      gross += g;
      tax += t;
      return t;
    });
    expect(withheld).toEqual([rub(130_000), rub(130_000), rub(52_000 + 90_000)]);
    expect(tax).toBe(ndflOnYearIncome(rub(3_000_000)));
  });
  it('never withholds a negative amount', () => {
    expect(ndflToWithhold(rub(100), rub(13), 0)).toBe(0);
  });
});
