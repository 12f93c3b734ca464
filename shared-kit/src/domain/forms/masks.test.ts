import { CYRILLIC_LOOKALIKE_MASKS, MASKS, MASK_FORMAT_CHARS, afterTypingLookAlikes, conformToMask, cyrillicLookAlikes, isMaskComplete, PHONE_PREFIX, phoneAfterTyping, phoneMaskInput, type MaskedField } from './index';

describe('mask characters (§5)', () => {
  const re = (ch: string) => new RegExp(`^${MASK_FORMAT_CHARS[ch]}$`);
  test.each<[string, string[], string[]]>([
    ['9', ['0', '9'], ['a', 'Я', ' ']],
    ['a', ['a', 'Z'], ['1', 'я', '-']],
    ['r', ['а', 'Я', 'ё', 'Ё'], ['a', '1']],
    ['R', ['ж', 'Ж', '7'], ['z', '-']],
    ['*', ['a', 'Z', '5'], ['ж', '_']],
    ['V', ['A', 'H', 'J', 'N', 'P', 'Z', '0', 'x'], ['I', 'O', 'Q', 'i', 'o', 'q', 'Ж']],
  ])('%s', (ch, ok, bad) => {
    for (const c of ok) expect(re(ch).test(c)).toBe(true);
    for (const c of bad) expect(re(ch).test(c)).toBe(false);
  });
});

describe('masks per field', () => {
  test.each<[MaskedField, string, string]>([
    ['phone', '9123456789', '+7 (912) 345-67-89'],
    ['phone', '+79123456789', '+7 (912) 345-67-89'],
    ['phone', '912', '+7 (912'],
    ['date', '05032021', '05.03.2021'],
    ['date', '05.03.2021', '05.03.2021'],
    ['date', '0a5', '05'],
    ['time', '0930', '09:30'],
    ['vin', 'XTA21099043593751', 'XTA21099043593751'],
    ['vin', 'XTAI2109904359375Q1', 'XTA21099043593751'], // I and Q are dropped
    ['osago', 'ХХХ0123456789', 'ХХХ 0123456789'],
    ['osago', 'XXX0123456789', ''], // Latin letters never fit
    ['licence', '77АВ123456', '77АВ 123456'],
    ['licence', '7712123456', '7712 123456'],
    ['plate', 'А123ВС777', 'А123ВС777'],
    ['plate', 'А123ВС77', 'А123ВС77'],
    ['sts', '99ТУ123456', '99ТУ 123456'],
    ['pts', '77МР654321', '77МР 654321'],
    ['foreignLicence', 'AB12-CD34-EF56', 'AB12CD34EF56'],
    ['alnum10', 'AB12CD34EF99', 'AB12CD34EF'],
  ])('%s: typing %s shows %s', (field, input, shown) => expect(conformToMask(MASKS[field], input)).toBe(shown));

  test('exact mask strings', () => {
    expect(MASKS).toMatchObject({
      phone: '+7 (999) 999-99-99',
      date: '99.99.9999',
      time: '99:99',
      vin: 'VVVVVVVVVVVVVVVVV',
      osago: 'rrr 9999999999',
      licence: '99RR 999999',
      sts: '99RR 999999',
      pts: '99RR 999999',
      foreignLicence: '************',
      alnum10: '**********',
    });
    expect(MASKS.vin).toHaveLength(17);
  });

  test('a pasted phone loses its country code', () => {
    expect(conformToMask(MASKS.phone, phoneMaskInput('8 (912) 345-67-89'))).toBe('+7 (912) 345-67-89');
    expect(conformToMask(MASKS.phone, phoneMaskInput('+7 912 345 67 89'))).toBe('+7 (912) 345-67-89');
    expect(conformToMask(MASKS.phone, phoneMaskInput('79123456789'))).toBe('+7 (912) 345-67-89');
    expect(phoneMaskInput('8005553535')).toBe('8005553535');
  });

  test('complete or not', () => {
    expect(isMaskComplete(MASKS.phone, '+7 (912) 345-67-89')).toBe(true);
    expect(isMaskComplete(MASKS.phone, '+7 (912) 345-67-8')).toBe(false);
    expect(isMaskComplete(MASKS.phone, '+7 (912) 345-67-8_')).toBe(false);
    expect(isMaskComplete(MASKS.osago, 'ХХХ 0123456789')).toBe(true);
    expect(isMaskComplete(MASKS.osago, 'ХХХ-0123456789')).toBe(false);
  });
});

describe('phoneAfterTyping: the first 8 or 7 typed into a phone without digits is the country code, once', () => {
  it.each<[string, string, string | null, boolean, string, boolean]>([
    ['+7 (', '+7 (8', '8', false, '+7 (', true],
    ['+7 (', '+7 (7', '7', false, '+7 (', true],
    ['', '+7 (8', '8', false, '+7 (', true],
    ['+7 (', '+7 (9', '9', false, '+7 (9', false],
    ['+7 (', '+7 (8', '8', true, '+7 (8', true], // the second 8: +7 (800) …
    ['+7 (9', '+7 (98', '8', false, '+7 (98', false],
    ['+7 (8', '+7 (', null, true, '+7 (', false], // emptied: the next 8 is a country code again
    ['', '+7 (', null, false, '+7 (', false], // focus shows the prefix
  ])('before %p, masked %p, typed %p, taken %p → %p, %p', (before, after, typed, taken, shown, takenAfter) =>
    expect(phoneAfterTyping(before, after, typed, taken)).toEqual({ shown, countryCodeTaken: takenAfter }));
});

describe('Latin look-alikes in Cyrillic-letter masks (plate, STS, PTS, licence, OSAGO)', () => {
  it('turns the twelve Latin twins into Cyrillic letters, in upper case, and keeps the rest', () => {
    expect(cyrillicLookAlikes('abekmhopctyx ABEKMHOPCTYX z9-')).toBe('АВЕКМНОРСТУХ АВЕКМНОРСТУХ z9-');
  });
  it('puts a refused Latin letter typed at the end through the mask as its twin', () => {
    expect(afterTypingLookAlikes(MASKS.plate, 'А123', 'А123', 'b')).toBe('А123В');
    expect(afterTypingLookAlikes(MASKS.plate, 'А123', 'А123', 'z')).toBe('А123');
    expect(afterTypingLookAlikes(MASKS.plate, 'А123', 'А123В', 'в')).toBe('А123В'); // a Cyrillic letter went in already
    expect(afterTypingLookAlikes(MASKS.plate, '', '', null)).toBe('');
  });
  it('covers exactly the masks with Cyrillic letters', () => {
    expect([...CYRILLIC_LOOKALIKE_MASKS].sort()).toEqual(['licence', 'osago', 'plate', 'pts', 'sts']);
  });
});

test("the phone's fixed start is the mask's own", () => expect(PHONE_PREFIX).toBe('+7 ('));
