import * as React from 'react';
import {
  FORM_TEXTS,
  isAccountOfBik,
  isInn,
  PARTNER_CODE_PATTERN,
  PARTNER_KIND_TITLES,
  PARTNER_KINDS,
  PRODUCT_TITLES,
  TARIFF_PRODUCTS,
  type PartnerContact,
  type PartnerInput,
  type PartnerKind,
  type ProductCode,
} from '@oyster/shared-kit/domain';
import { Button, Checkbox, Field, Input } from '@oyster/shared-kit/ui/form';
import { saveProblem, type SaveProblem } from '../api/rates';
import './partners.css';

export const PARTNER_FORM_TEXTS = {
  code: 'Код латиницей — строчные буквы, цифры, «_» и «-», от 2 до 40 символов',
  inn: 'ИНН — 10 или 12 цифр с верными контрольными цифрами',
  kpp: 'КПП — 9 цифр',
  ogrn: 'ОГРН — 13 цифр (ОГРНИП — 15)',
  bik: 'БИК — 9 цифр',
  account: 'Расчётный счёт — 20 цифр',
  accountOfBik: 'Счёт не сходится с БИК банка (контрольный ключ)',
  corr: 'Корреспондентский счёт — 20 цифр',
  contactName: 'Укажите имя контакта',
  fileTypeTaken: 'Такой тип файла уже есть',
  noFileTypes: 'Типов файлов нет: при прикреплении файла к договору выбрать будет нечего.',
  codeFixed: 'Код не меняется: по нему адаптер страховщика узнаёт компанию.',
} as const;

export const emptyPartner = (): PartnerInput => ({
  code: '',
  kind: 'insurer',
  shortName: '',
  legalName: '',
  inn: '',
  kpp: '',
  ogrn: '',
  address: '',
  bank: { bik: '', name: '', account: '', correspondentAccount: '' },
  products: [],
  contacts: [],
  fileTypes: [],
});

/** Field keys as the api names them in a 400 (`field`), the contacts' as `contacts[i].name`. */
type Errors = Record<string, string>;

function errorsOf(p: PartnerInput): Errors {
  const e: Errors = {};
  const digits = (v: string, lengths: number[]) => !v || (/^\d+$/.test(v) && lengths.includes(v.length));
  if (!p.code.trim()) e.code = FORM_TEXTS.required;
  else if (!PARTNER_CODE_PATTERN.test(p.code.trim())) e.code = PARTNER_FORM_TEXTS.code;
  if (!p.shortName.trim()) e.shortName = FORM_TEXTS.required;
  if (p.inn && !isInn(p.inn)) e.inn = PARTNER_FORM_TEXTS.inn;
  if (!digits(p.kpp, [9])) e.kpp = PARTNER_FORM_TEXTS.kpp;
  if (!digits(p.ogrn, [13, 15])) e.ogrn = PARTNER_FORM_TEXTS.ogrn;
  if (!digits(p.bank.bik, [9])) e['bank.bik'] = PARTNER_FORM_TEXTS.bik;
  if (!digits(p.bank.account, [20])) e['bank.account'] = PARTNER_FORM_TEXTS.account;
  else if (p.bank.account && p.bank.bik && !isAccountOfBik(p.bank.account, p.bank.bik)) e['bank.account'] = PARTNER_FORM_TEXTS.accountOfBik;
  if (!digits(p.bank.correspondentAccount, [20])) e['bank.correspondentAccount'] = PARTNER_FORM_TEXTS.corr;
  p.contacts.forEach((c, i) => {
    if (!c.name.trim()) e[`contacts[${i}].name`] = PARTNER_FORM_TEXTS.contactName;
  });
  return e;
}

/** The api names a bank field's failed check `bank`: it is the account's. */
const fieldOf = (field: string | null) => (field === 'bank' ? 'bank.account' : field);

/**
 * A partner's card as a form (`add_partner/`, `edit_partner/{id}`): kind, code (fixed once made), names,
 * INN/KPP/OGRN and address, bank details, the products it offers (our products), contacts, and the file
 * types it accepts (what the attach dialog of a contract offers for it). Checked as the api checks it; a
 * 400 shows the api's message under the field it names, else above the buttons.
 */
export function PartnerForm({
  initial,
  codeFixed = false,
  submitText,
  onSave,
  onCancel,
  readOnly = false,
}: {
  initial: PartnerInput;
  codeFixed?: boolean;
  submitText: string;
  onSave(values: PartnerInput): Promise<void>;
  onCancel(): void;
  /** For those who see Управление but may not change partners. */
  readOnly?: boolean;
}) {
  const [p, setP] = React.useState<PartnerInput>(initial);
  const [newType, setNewType] = React.useState('');
  const [submitted, setSubmitted] = React.useState(false);
  const [problem, setProblem] = React.useState<SaveProblem | null>(null);
  const [busy, setBusy] = React.useState(false);
  const errors = errorsOf(p);
  const errorOf = (key: string) => (problem && fieldOf(problem.field) === key ? problem.message : submitted ? errors[key] : undefined);
  const change = (next: Partial<PartnerInput>) => {
    setP((prev) => ({ ...prev, ...next }));
    setProblem(null);
  };
  const setBank = (key: keyof PartnerInput['bank'], value: string) => change({ bank: { ...p.bank, [key]: value } });
  const setContact = (i: number, key: keyof PartnerContact, value: string) => change({ contacts: p.contacts.map((c, k) => (k === i ? { ...c, [key]: value } : c)) });
  const toggleProduct = (code: ProductCode, on: boolean) => change({ products: on ? TARIFF_PRODUCTS.filter((x) => x === code || p.products.includes(x)) : p.products.filter((x) => x !== code) });
  const typeTaken = p.fileTypes.some((t) => t.toLowerCase() === newType.trim().toLowerCase());
  const addType = () => {
    if (!newType.trim() || typeTaken) return;
    change({ fileTypes: [...p.fileTypes, newType.trim()] });
    setNewType('');
  };
  const known = new Set(['code', 'kind', 'shortName', 'legalName', 'inn', 'kpp', 'ogrn', 'address', 'bank.bik', 'bank.name', 'bank.account', 'bank.correspondentAccount', ...p.contacts.flatMap((_, i) => ['name', 'position', 'phone', 'email'].map((k) => `contacts[${i}].${k}`))]);
  const formProblem = problem && !known.has(fieldOf(problem.field) ?? '') ? problem.message : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setProblem(null);
    try {
      await onSave({ ...p, code: p.code.trim(), shortName: p.shortName.trim() });
    } catch (err) {
      setProblem(saveProblem(err));
    } finally {
      setBusy(false);
    }
  }

  const text = (key: string, label: string, value: string, onChange: (v: string) => void, opts: { required?: boolean; disabled?: boolean; placeholder?: string; inputMode?: 'numeric' } = {}) => {
    const id = `partner-${key.replace(/[^a-zA-Z0-9]/g, '-')}`;
    const error = errorOf(key);
    return (
      <Field label={label} htmlFor={id} required={opts.required} error={error}>
        <Input
          id={id}
          value={value}
          disabled={readOnly || opts.disabled}
          placeholder={opts.placeholder}
          inputMode={opts.inputMode}
          status={error ? 'error' : undefined}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
    );
  };

  return (
    <form className="oy-fin-form oy-partner-form" aria-label="Карточка партнёра" noValidate onSubmit={(e) => void submit(e)}>
      <section className="oy-fin-panel" aria-label="Партнёр">
        <h2 className="oy-fin-h2">Партнёр</h2>
        <div className="oy-fin-form__row">
          <Field label="Тип партнёра" htmlFor="partner-kind" required>
            <select className="oy-fin-select" id="partner-kind" disabled={readOnly} value={p.kind} onChange={(e) => change({ kind: e.target.value as PartnerKind })}>
              {PARTNER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PARTNER_KIND_TITLES[k]}
                </option>
              ))}
            </select>
          </Field>
          {text('code', 'Код', p.code, (v) => change({ code: v.toLowerCase() }), { required: true, disabled: codeFixed, placeholder: 'ingos' })}
        </div>
        {codeFixed && !readOnly ? <p className="oy-fin-muted">{PARTNER_FORM_TEXTS.codeFixed}</p> : null}
        <div className="oy-fin-form__row">
          {text('shortName', 'Краткое название', p.shortName, (v) => change({ shortName: v }), { required: true })}
          {text('legalName', 'Полное наименование', p.legalName, (v) => change({ legalName: v }))}
        </div>
        <div className="oy-fin-form__row">
          {text('inn', 'ИНН', p.inn, (v) => change({ inn: v.replace(/\D/g, '') }), { inputMode: 'numeric' })}
          {text('kpp', 'КПП', p.kpp, (v) => change({ kpp: v.replace(/\D/g, '') }), { inputMode: 'numeric' })}
          {text('ogrn', 'ОГРН', p.ogrn, (v) => change({ ogrn: v.replace(/\D/g, '') }), { inputMode: 'numeric' })}
        </div>
        {text('address', 'Адрес', p.address, (v) => change({ address: v }))}
      </section>

      <section className="oy-fin-panel" aria-label="Банковские реквизиты">
        <h2 className="oy-fin-h2">Банковские реквизиты</h2>
        <div className="oy-fin-form__row">
          {text('bank.bik', 'БИК', p.bank.bik, (v) => setBank('bik', v.replace(/\D/g, '')), { inputMode: 'numeric' })}
          {text('bank.name', 'Банк', p.bank.name, (v) => setBank('name', v))}
        </div>
        <div className="oy-fin-form__row">
          {text('bank.account', 'Расчётный счёт', p.bank.account, (v) => setBank('account', v.replace(/\D/g, '')), { inputMode: 'numeric' })}
          {text('bank.correspondentAccount', 'Корреспондентский счёт', p.bank.correspondentAccount, (v) => setBank('correspondentAccount', v.replace(/\D/g, '')), { inputMode: 'numeric' })}
        </div>
      </section>

      <section className="oy-fin-panel" aria-label="Продукты">
        <h2 className="oy-fin-h2">Продукты</h2>
        <div className="oy-partner-products" role="group" aria-label="Продукты партнёра">
          {TARIFF_PRODUCTS.map((code) => (
            <Checkbox key={code} disabled={readOnly} checked={p.products.includes(code)} onChange={(e) => toggleProduct(code, e.target.checked)}>
              {PRODUCT_TITLES[code]}
            </Checkbox>
          ))}
        </div>
      </section>

      <section className="oy-fin-panel" aria-label="Контакты">
        <h2 className="oy-fin-h2">Контакты</h2>
        {p.contacts.length === 0 ? <p className="oy-fin-muted">Контактов нет</p> : null}
        {p.contacts.map((c, i) => (
          <div key={i} className="oy-partner-contact" role="group" aria-label={`Контакт ${i + 1}`}>
            <div className="oy-fin-form__row">
              {text(`contacts[${i}].name`, 'Имя', c.name, (v) => setContact(i, 'name', v), { required: true })}
              {text(`contacts[${i}].position`, 'Должность', c.position, (v) => setContact(i, 'position', v))}
              {text(`contacts[${i}].phone`, 'Телефон', c.phone, (v) => setContact(i, 'phone', v), { placeholder: '+7 (495) 123-45-67' })}
              {text(`contacts[${i}].email`, 'Email', c.email, (v) => setContact(i, 'email', v))}
            </div>
            {readOnly ? null : (
              <Button size="small" onClick={() => change({ contacts: p.contacts.filter((_, k) => k !== i) })}>
                Удалить контакт
              </Button>
            )}
          </div>
        ))}
        {readOnly ? null : (
          <div>
            <Button onClick={() => change({ contacts: [...p.contacts, { name: '', position: '', phone: '', email: '' }] })}>Добавить контакт</Button>
          </div>
        )}
      </section>

      <section className="oy-fin-panel" aria-label="Типы файлов">
        <h2 className="oy-fin-h2">Типы файлов</h2>
        <p className="oy-fin-muted">Документы, которые партнёр принимает: их предлагает диалог прикрепления файла к договору.</p>
        {p.fileTypes.length === 0 ? <p className="oy-fin-muted">{PARTNER_FORM_TEXTS.noFileTypes}</p> : null}
        <ul className="oy-partner-types" aria-label="Принимаемые типы файлов">
          {p.fileTypes.map((t) => (
            <li key={t}>
              <span>{t}</span>
              {readOnly ? null : (
                <Button size="small" type="text" aria-label={`Убрать тип «${t}»`} onClick={() => change({ fileTypes: p.fileTypes.filter((x) => x !== t) })}>
                  ✕
                </Button>
              )}
            </li>
          ))}
        </ul>
        {readOnly ? null : (
          <div className="oy-partner-addtype">
            <Field label="Новый тип файла" htmlFor="partner-new-type" error={newType.trim() && typeTaken ? PARTNER_FORM_TEXTS.fileTypeTaken : undefined}>
              <Input
                id="partner-new-type"
                value={newType}
                placeholder="Например, Паспорт страхователя"
                onChange={(e) => setNewType(e.target.value)}
                onPressEnter={(e) => {
                  e.preventDefault();
                  addType();
                }}
              />
            </Field>
            <Button onClick={addType} disabled={!newType.trim() || typeTaken}>
              Добавить тип
            </Button>
          </div>
        )}
      </section>

      {formProblem ? (
        <p className="oy-fin-error" role="alert">
          {formProblem}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="oy-fin-form__buttons">
          <Button type="primary" htmlType="submit" loading={busy}>
            {submitText}
          </Button>
          <Button onClick={onCancel}>Отмена</Button>
        </div>
      )}
    </form>
  );
}
