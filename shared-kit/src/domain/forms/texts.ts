import { LOGIN_TEXTS } from '../validation';

/**
 * Field-level error texts of the form kit. The spec (§5) gives only the login texts; the others are
 * our own, short and in the same voice.
 */
export const FORM_TEXTS = {
  required: 'Обязательное поле',
  emailInvalid: LOGIN_TEXTS.emailInvalid, // 'Неправильный email' (§5)
  passwordTooShort: LOGIN_TEXTS.passwordTooShort, // 'Минимальная длина пароля 8 символов' (§5)
  dateInvalid: 'Неверный формат даты',
  dateNotReal: 'Такой даты не существует',
  dateOutOfRange: 'Год должен быть не дальше 100 лет от текущего',
  dateBeforeMin: 'Дата раньше допустимой',
  dateAfterMax: 'Дата позже допустимой',
  timeInvalid: 'Неверный формат времени',
  phoneIncomplete: 'Введите номер телефона полностью',
  phoneInvalid: 'Неверный номер телефона',
  phoneFirstDigit: 'Номер телефона должен начинаться с +7 4, +7 8 или +7 9',
  vinInvalid: 'VIN: 17 латинских букв и цифр, кроме I, O и Q',
  osagoInvalid: 'Номер полиса ОСАГО: 3 русские буквы и 10 цифр',
  licenceInvalid: 'Серия и номер ВУ в формате 99АА 999999',
  foreignLicenceInvalid: 'Номер иностранного ВУ: 12 латинских букв или цифр',
  plateInvalid: 'Госномер в формате А000АА000',
  stsInvalid: 'Серия и номер СТС в формате 99АА 999999',
  ptsInvalid: 'Серия и номер ПТС в формате 99АА 999999',
  policyNumberTooLong: 'Номер полиса не длиннее 30 символов',
  moneyInvalid: 'Введите сумму, например 1 234,56',
  numberInvalid: 'Введите число',
  integerInvalid: 'Введите целое число',
  latinInvalid: 'Только латинские буквы и дефис, не более 45 символов',
  alnum10Invalid: 'Ровно 10 латинских букв или цифр',
} as const;

export type FormTextKey = keyof typeof FORM_TEXTS;
