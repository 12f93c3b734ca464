import { USER_TEXTS, userPhone, userPhoneError } from './users';

describe('a user\'s phone: §5\'s one rule for the users\' forms, the invitation and the api', () => {
  test('+7 (A00) 000-00-00 with A = 4, 8 or 9; a leading +7, 7 or 8 accepted; kept in one form', () => {
    for (const typed of ['+7 (916) 123-45-67', '89161234567', '79161234567', '+79161234567', '9161234567', '8 916 123 45 67', ' +7 916 123-45-67 '])
      expect(userPhone(typed)).toEqual({ phone: '+7 (916) 123-45-67', valid: true });
    expect(userPhone('+7 (495) 765-43-21').phone).toBe('+7 (495) 765-43-21');
  });

  test('empty or an untouched mask is no phone; anything else is refused with one text', () => {
    for (const empty of [null, undefined, '', '   ', '+7 (___) ___-__-__']) expect(userPhone(empty)).toEqual({ phone: null, valid: true });
    for (const wrong of ['+71234567890', '+7 (123) 456-78-90', '12345', '+7 (916) 123-45', '+7 916 123 45 67 8', '+7 (916) 123-45-6x']) {
      expect(userPhone(wrong).valid).toBe(false);
      expect(userPhoneError(wrong)).toBe(USER_TEXTS.phoneFormat);
    }
    expect(userPhoneError('8 916 123-45-67')).toBeNull();
  });
});
