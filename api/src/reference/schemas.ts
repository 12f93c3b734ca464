import { isAccountOfBik, isInn, PARTNER_CODE_PATTERN, PARTNER_KINDS, PRODUCT_CODES, TARIFF_CODE_PATTERN } from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, yup } from '../platform/validation.js';

const slug = () => yup.string().trim().matches(/^[a-z0-9_-]{1,64}$/i, { message: ({ path }: { path: string }) => `Поле «${path}» может содержать только латинские буквы, цифры, «-» и «_»` });

/** §7: "type defaults to origin". */
export const dictionaryParamsSchema = yup.object({ type: slug().default('origin'), name: slug().required() });
/** The short form /dictionary/:name (type origin). */
export const dictionaryNameSchema = yup.object({ name: slug().required() });

// ── Partners and tariff mapping (Управление) ──────────────────────────────────────────────────────────

const optionalText = (label: string, max: number) =>
  yup.string().trim().max(max, `Поле «${label}»: не длиннее ${max} символов`).default('').label(label);

/** Digits only (or empty): `n` of them, or one of the lengths in `lengths`. */
const digitsField = (label: string, lengths: number[], what: string, check: (v: string) => boolean = () => true) =>
  yup
    .string()
    .trim()
    .default('')
    .test('digits', `Поле «${label}»: ${what}`, (v) => !v || (/^\d+$/.test(v) && lengths.includes(v.length) && check(v)))
    .label(label);

const productCode = (label: string) =>
  yup.string().trim().oneOf([...PRODUCT_CODES], `Поле «${label}» должно быть одним из: ${PRODUCT_CODES.join(', ')}`).label(label);

/** POST /api/v2/partners and PUT /api/v2/partners/:partnerId: the whole card. */
export const partnerSchema = yup
  .object({
    code: yup.string().trim().required('Поле «code» обязательно').matches(PARTNER_CODE_PATTERN, 'Поле «code»: код латиницей — строчные буквы, цифры, «_» и «-», от 2 до 40 символов').label('code'),
    kind: yup.string().oneOf([...PARTNER_KINDS], `Поле «kind» должно быть одним из: ${PARTNER_KINDS.join(', ')}`).required('Поле «kind» обязательно').label('kind'),
    shortName: yup.string().trim().required('Поле «shortName» обязательно').max(100, 'Поле «shortName»: не длиннее 100 символов').label('shortName'),
    legalName: optionalText('legalName', 300),
    inn: digitsField('inn', [10, 12], 'ИНН — 10 или 12 цифр с верными контрольными цифрами', isInn),
    kpp: digitsField('kpp', [9], 'КПП — 9 цифр'),
    ogrn: digitsField('ogrn', [13, 15], 'ОГРН — 13 цифр (ОГРНИП — 15)'),
    address: optionalText('address', 500),
    bank: yup
      .object({
        bik: digitsField('bank.bik', [9], 'БИК — 9 цифр'),
        name: optionalText('bank.name', 200),
        account: digitsField('bank.account', [20], 'расчётный счёт — 20 цифр'),
        correspondentAccount: digitsField('bank.correspondentAccount', [20], 'корреспондентский счёт — 20 цифр'),
      })
      .default({ bik: '', name: '', account: '', correspondentAccount: '' })
      .test('account-of-bik', 'Поле «bank.account»: счёт не сходится с БИК банка (контрольный ключ)', (b) => !b?.account || !b.bik || isAccountOfBik(b.account, b.bik))
      .label('bank'),
    products: yup
      .array(productCode('products[]').required())
      .max(PRODUCT_CODES.length)
      .default([])
      .test('unique', 'Поле «products»: продукт указан дважды', (v) => !v || new Set(v).size === v.length)
      .label('products'),
    contacts: yup
      .array(
        yup.object({
          name: yup.string().trim().required('Поле «contacts[].name» обязательно').max(200).label('contacts[].name'),
          position: optionalText('contacts[].position', 200),
          phone: yup.string().trim().default('').matches(/^$|^\+?[\d\s()-]{5,20}$/, 'Поле «contacts[].phone»: телефон цифрами, например +7 (495) 123-45-67').label('contacts[].phone'),
          email: yup.string().trim().default('').matches(/^$|^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}$/, 'Поле «contacts[].email»: неверный email').label('contacts[].email'),
        }),
      )
      .max(20, 'Поле «contacts»: не больше 20 контактов')
      .default([])
      .label('contacts'),
    fileTypes: yup
      .array(yup.string().trim().required('Поле «fileTypes[]»: пустое название типа файла').max(100, 'Поле «fileTypes[]»: не длиннее 100 символов'))
      .max(50, 'Поле «fileTypes»: не больше 50 типов файлов')
      .default([])
      .test('unique', 'Поле «fileTypes»: тип файла указан дважды', (v) => !v || new Set(v).size === v.length)
      .label('fileTypes'),
  })
  .required();

export const partnersQuery = yup.object({
  kind: yup.string().oneOf([...PARTNER_KINDS], `Поле «kind» должно быть одним из: ${PARTNER_KINDS.join(', ')}`).label('kind'),
});

/** POST /api/v2/tariff-mappings and PUT …/:mappingId. */
export const tariffMappingSchema = yup
  .object({
    companyId: objectIdSchema.required('Поле «companyId» обязательно').label('companyId'),
    product: productCode('product').required('Поле «product» обязательно'),
    tariffCode: yup.string().trim().required('Поле «tariffCode» обязательно').matches(TARIFF_CODE_PATTERN, 'Поле «tariffCode»: код латиницей и цифрами (допустимы «_», «-», «.», «/»), до 40 символов').label('tariffCode'),
    insurerProductCode: yup.string().trim().default('').matches(/^$|^[A-Za-z0-9][A-Za-z0-9_./-]{0,39}$/, 'Поле «insurerProductCode»: код латиницей и цифрами (допустимы «_», «-», «.», «/»), до 40 символов').label('insurerProductCode'),
    validFrom: isoDate('validFrom').required('Поле «validFrom» обязательно'),
    validTo: isoDate('validTo').nullable().default(null),
  })
  .required();

export const tariffMappingsQuery = yup.object({
  companyId: objectIdSchema.label('companyId'),
  product: productCode('product'),
});
