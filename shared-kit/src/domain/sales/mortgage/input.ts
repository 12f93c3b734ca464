/**
 * What the agent types in the mortgage calculator (new-ipoteka/*, product ipoteka) and its check, with
 * Russian messages naming the field path. Money in integer kopecks; borrowers' shares in whole percent.
 */
import * as yup from 'yup';
import type { FieldError } from '../../validation';
import { fields, validateInput } from '../ratingKit';
import { MORTGAGE_BANK_CODES } from './tariffs';

export const MORTGAGE_PROPERTIES = ['flat', 'house_wooden'] as const;
export type MortgageProperty = (typeof MORTGAGE_PROPERTIES)[number];
export const MORTGAGE_PROPERTY_TITLES: Record<MortgageProperty, string> = { flat: 'Квартира', house_wooden: 'Деревянный дом' };
export const BORROWER_SEXES = ['male', 'female'] as const;
export type BorrowerSex = (typeof BORROWER_SEXES)[number];
export const BORROWER_SEX_TITLES: Record<BorrowerSex, string> = { male: 'мужчина', female: 'женщина' };
export const MORTGAGE_MAX_BORROWERS = 4;
/** Outstanding balance, kopecks: 100 000 ₽ … 500 000 000 ₽ (the calculator's bounds, ours). */
export const MORTGAGE_BALANCE_MIN = 100_000_00;
export const MORTGAGE_BALANCE_MAX = 500_000_000_00;
/** Policy years one contract covers (the calculator's bounds, ours): paid yearly, one instalment a year. */
export const MORTGAGE_MIN_YEARS = 1;
export const MORTGAGE_MAX_YEARS = 5;

export interface Borrower {
  birthDate: string; // YYYY-MM-DD
  sex: BorrowerSex;
  /** Whole percent of the sum insured this borrower's life is insured for; shares sum to 100. */
  share: number;
}

export interface MortgageCalculateRequest {
  bank: string;
  /** Outstanding balance of the loan, kopecks. */
  balance: number;
  property: MortgageProperty;
  life: boolean;
  borrowers?: Borrower[];
  title: boolean;
  startDate: string; // YYYY-MM-DD
  /** Which policy year of the loan the contract begins with (1 = the first); title cover only in years 1–3. Default 1. */
  policyYear?: number;
  /** How many policy years the contract covers (1…MORTGAGE_MAX_YEARS), one yearly instalment each. Default 1. */
  years?: number;
}

export const mortgageCalculateSchema = yup
  .object({
    bank: fields.oneOf('bank', MORTGAGE_BANK_CODES).required(fields.required('bank')),
    balance: fields.int('balance', MORTGAGE_BALANCE_MIN, MORTGAGE_BALANCE_MAX).required(fields.required('balance')),
    property: fields.oneOf('property', MORTGAGE_PROPERTIES).required(fields.required('property')),
    life: fields.bool('life').required(fields.required('life')),
    borrowers: yup
      .array(
        yup.object({
          birthDate: fields.date('borrowers[].birthDate').required(fields.required('borrowers[].birthDate')),
          sex: fields.oneOf('borrowers[].sex', BORROWER_SEXES).required(fields.required('borrowers[].sex')),
          share: fields.int('borrowers[].share', 1, 100).required(fields.required('borrowers[].share')),
        }),
      )
      .max(MORTGAGE_MAX_BORROWERS, `Поле «borrowers»: не больше ${MORTGAGE_MAX_BORROWERS} заёмщиков`)
      .label('borrowers'),
    title: fields.bool('title').required(fields.required('title')),
    startDate: fields.date('startDate').required(fields.required('startDate')),
    policyYear: fields.int('policyYear', 1, 50),
    years: yup
      .number()
      .typeError('Поле «years» должно быть числом')
      .integer('Поле «years»: срок страхования — целое число лет')
      .min(MORTGAGE_MIN_YEARS, `Поле «years»: срок страхования — от ${MORTGAGE_MIN_YEARS} до ${MORTGAGE_MAX_YEARS} лет`)
      .max(MORTGAGE_MAX_YEARS, `Поле «years»: срок страхования — от ${MORTGAGE_MIN_YEARS} до ${MORTGAGE_MAX_YEARS} лет`)
      .label('years'),
  })
  .test('borrowers-of-life', 'Поле «borrowers»: для страхования жизни укажите заёмщиков', function (v) {
    if (!v?.life) return true;
    const list = v.borrowers ?? [];
    if (!list.length) return this.createError({ path: 'borrowers' });
    const total = list.reduce((s, b) => s + (b?.share ?? 0), 0);
    return total === 100 || this.createError({ path: 'borrowers', message: `Поле «borrowers»: доли заёмщиков в сумме должны составлять 100 % (сейчас ${total} %)` });
  });

/** Every problem of a mortgage calculation input (empty when it can be rated). */
export const validateMortgageInput = (v: unknown): FieldError[] => validateInput(mortgageCalculateSchema, v);
