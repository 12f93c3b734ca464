/**
 * yup schemas of §5 for formik (validationSchema) and for the api (the same payload rules).
 * Each factory returns an optional string schema — an empty value passes — so a form adds
 * `.required(FORM_TEXTS.required)` where a field is required.
 */
import * as yup from 'yup';
import { FORM_TEXTS } from './texts';
import {
  alnum10Error,
  dateError,
  dateTextPatternError,
  emailError,
  foreignLicenceError,
  integerError,
  latinHyphenError,
  licenceError,
  moneyError,
  numberError,
  osagoNumberError,
  passwordError,
  phoneError,
  plateError,
  policyNumberError,
  ptsError,
  stsError,
  timeError,
  vinError,
  type DateRuleOptions,
  type NumberRuleOptions,
} from './validators';

type Check = (value: string) => string | null;

/** A string schema that runs a §5 validator (named `type` in the error) on non-empty values. */
export function ruleSchema(type: string, check: Check): yup.StringSchema<string | undefined> {
  return yup.string().test({
    name: type,
    test(value, ctx) {
      if (value == null || value === '') return true;
      const message = check(value);
      return message ? ctx.createError({ message }) : true;
    },
  });
}

export const fieldSchemas = {
  email: () => ruleSchema('email', emailError),
  password: () => ruleSchema('password', passwordError),
  /** Read at validation time, so a long-open form still checks against today's year. */
  date: (opts: DateRuleOptions = {}) => ruleSchema('date', (v) => dateError(v, opts)),
  dateText: () => ruleSchema('dateText', dateTextPatternError),
  time: () => ruleSchema('time', timeError),
  phone: () => ruleSchema('phone', phoneError),
  vin: () => ruleSchema('vin', vinError),
  osago: () => ruleSchema('osago', osagoNumberError),
  licence: () => ruleSchema('licence', licenceError),
  foreignLicence: () => ruleSchema('foreignLicence', foreignLicenceError),
  plate: () => ruleSchema('plate', plateError),
  sts: () => ruleSchema('sts', stsError),
  pts: () => ruleSchema('pts', ptsError),
  policyNumber: () => ruleSchema('policyNumber', policyNumberError),
  money: () => ruleSchema('money', moneyError),
  number: (opts: NumberRuleOptions = {}) => ruleSchema('number', (v) => numberError(v, opts)),
  integer: (opts: NumberRuleOptions = {}) => ruleSchema('integer', (v) => integerError(v, opts)),
  latinHyphen: () => ruleSchema('latinHyphen', latinHyphenError),
  alnum10: () => ruleSchema('alnum10', alnum10Error),
} as const;

export type FieldKind = keyof typeof fieldSchemas;

/** `fieldSchemas[kind]().required(FORM_TEXTS.required)` in one call. */
export function requiredField(kind: FieldKind): yup.StringSchema<string> {
  return (fieldSchemas[kind] as () => yup.StringSchema<string | undefined>)().required(FORM_TEXTS.required);
}
