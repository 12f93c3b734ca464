import { isAccountOfBik, isInn, withAccountKey, withInnControl } from './bank';

describe('bank details checked offline', () => {
  it('an account is checked against its BIK with the 7-1-3 key', () => {
    // The key (position 9) set for the BIK, then one digit off.
    const account = withAccountKey('40702810000000000123', '044525225');
    expect(isAccountOfBik(account, '044525225')).toBe(true);
    const wrongKey = account.slice(0, 8) + ((Number(account[8]) + 1) % 10) + account.slice(9);
    expect(isAccountOfBik(wrongKey, '044525225')).toBe(false);
    expect(isAccountOfBik(account, '04452522')).toBe(false);
    expect(isAccountOfBik('4070281', '044525225')).toBe(false);
  });
  it('INNs of 10 and 12 digits carry their control digits', () => {
    expect(isInn('7707083893')).toBe(true); // ПАО Сбербанк
    expect(isInn('7707083894')).toBe(false);
    const person = withInnControl('5001234567');
    expect(person).toHaveLength(12);
    expect(isInn(person)).toBe(true);
    expect(isInn(person.slice(0, 11) + ((Number(person[11]) + 1) % 10))).toBe(false);
    expect(isInn('12345')).toBe(false);
  });
});
