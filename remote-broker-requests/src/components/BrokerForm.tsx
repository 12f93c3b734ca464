import * as React from 'react';
import {
  toDateText,
  toIsoDate,
  type BrokerField,
  type BrokerFieldType,
  type BrokerItemType,
  type BrokerFormProblem,
  type BrokerFormValues,
  type BrokerItemField,
  type BrokerRequestSchema,
  type BrokerRowValue,
  type ClientCard,
} from '@oyster/shared-kit/domain';
import {
  AddressSuggestInput,
  Button,
  ClientPicker,
  DateInput,
  Dropdown,
  Field,
  FirstNameSuggestInput,
  FormBlock,
  Input,
  LastNameSuggestInput,
  MiddleNameSuggestInput,
  NumberInput,
  PhoneInput,
  TimeInput,
  type FormBlockStatus,
} from '@oyster/shared-kit/ui/form';
import './broker-form.css';

/** §5: a Yes/No item offers «Да» ('1') and «Нет» ('0'). */
const YES_NO = [
  { key: '1', text: 'Да' },
  { key: '0', text: 'Нет' },
];

export const fieldId = (key: string) => `br-${key}`;
export const itemId = (key: string, row: number, item: string) => `br-${key}-${row}-${item}`;

interface ControlProps {
  id: string;
  type: BrokerFieldType | BrokerItemType;
  options?: readonly string[];
  value: string;
  error?: string;
  readOnly: boolean;
  onChange(value: string): void;
}

/** One field or dynamic item drawn with the form kit by its type (§3); its value travels as text. */
function Control({ id, type, options, value, error, readOnly, onChange }: ControlProps) {
  const common = { id, error, disabled: readOnly };
  switch (type) {
    case 'addressDadata':
      return <AddressSuggestInput {...common} value={value} onChange={onChange} />;
    case 'firstNameDadata':
      return <FirstNameSuggestInput {...common} value={value} onChange={onChange} />;
    case 'secondNameDadata':
      return <LastNameSuggestInput {...common} value={value} onChange={onChange} />;
    case 'middleNameDadata':
      return <MiddleNameSuggestInput {...common} value={value} onChange={onChange} />;
    case 'date':
      return <DateInput {...common} value={toDateText(value) ?? ''} onChange={(t) => onChange(t ? toIsoDate(t) ?? t : '')} />;
    case 'time':
      return <TimeInput {...common} value={value} onChange={onChange} />;
    case 'phone':
      return <PhoneInput {...common} value={value} onChange={onChange} />;
    case 'textarea':
      return <Input.TextArea id={id} disabled={readOnly} status={error ? 'error' : undefined} value={value} maxLength={2000} autoSize={{ minRows: 3, maxRows: 10 }} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
    case 'List':
      return <Dropdown {...common} options={(options ?? []).map((o) => ({ key: o, text: o }))} value={value || null} sorted={false} onChange={(v) => onChange(v == null ? '' : String(v))} />;
    case 'Boolean':
      return <Dropdown {...common} options={YES_NO} value={value || null} sorted={false} allowClear={false} onChange={(v) => onChange(v == null ? '' : String(v))} />;
    case 'Number':
      return <NumberInput {...common} value={value === '' || Number.isNaN(Number(value.replace(',', '.'))) ? null : Number(value.replace(',', '.'))} onChange={(n) => onChange(n == null ? '' : String(n))} />;
    default:
      return <Input id={id} disabled={readOnly} status={error ? 'error' : undefined} value={value} maxLength={300} onChange={(e) => onChange(e.target.value)} />;
  }
}

const labelOf = (f: BrokerItemField | BrokerField) => ('unit' in f && f.unit ? `${f.label}, ${f.unit}` : f.label);

function Rows({ field, rows, problems, readOnly, onChange }: { field: Extract<BrokerField, { kind: 'rows' }>; rows: BrokerRowValue[]; problems: Map<string, string>; readOnly: boolean; onChange(rows: BrokerRowValue[]): void }) {
  const set = (i: number, key: string, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  return (
    <div className="oy-brform__rows" role="group" aria-label={field.label}>
      {problems.get(`values.${field.key}`) ? (
        <p className="oy-brform__error" role="alert">
          {problems.get(`values.${field.key}`)}
        </p>
      ) : null}
      {rows.map((row, i) => (
        <fieldset key={i} className="oy-brform__row">
          <legend>
            {field.rowTitle} {i + 1}
            {!readOnly && rows.length > field.minRows ? (
              <Button type="link" size="small" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Убрать: ${field.rowTitle.toLowerCase()} ${i + 1}`}>
                Убрать
              </Button>
            ) : null}
          </legend>
          {field.item.map((item) => {
            const id = itemId(field.key, i, item.key);
            const error = problems.get(`values.${field.key}[${i}].${item.key}`);
            return (
              <Field key={item.key} label={labelOf(item)} htmlFor={id} required={item.required !== false} error={error}>
                <Control id={id} type={item.type} options={item.options} value={row[item.key] ?? ''} error={error} readOnly={readOnly} onChange={(v) => set(i, item.key, v)} />
              </Field>
            );
          })}
        </fieldset>
      ))}
      {!readOnly && rows.length < field.maxRows ? (
        <Button onClick={() => onChange([...rows, {}])}>Добавить: {field.rowTitle.toLowerCase()}</Button>
      ) : null}
    </div>
  );
}

export interface BrokerFormProps {
  schema: BrokerRequestSchema;
  values: BrokerFormValues;
  onChange(values: BrokerFormValues): void;
  /** Problems to show under their fields (brokerFormProblems). */
  problems?: readonly BrokerFormProblem[];
  /** After «Отправить» was pressed: each block says whether its fields are right (§2). */
  checked?: boolean;
  readOnly?: boolean;
}

/**
 * The form's fields a picked client record fills (issue 25, «Выбрать клиента»): the «Клиент» block of a
 * person, the «Организация» block of a company — only the keys the product's schema has, only what the
 * record knows.
 */
export function brokerValuesOf(card: ClientCard, keys: ReadonlySet<string>): BrokerFormValues {
  const c = card.client;
  const all: Record<string, string | null | undefined> =
    c.kind === 'person'
      ? { clientLastName: c.lastName, clientFirstName: c.firstName, clientMiddleName: c.middleName, clientBirthDate: c.birthDate, clientPhone: c.phone, clientAddress: c.address?.value }
      : { companyName: c.companyName, companyInn: c.inn, companyAddress: c.address?.value, contactPhone: c.phone, contactLastName: c.contactPerson?.split(' ')[0], contactFirstName: c.contactPerson?.split(' ')[1] };
  return Object.fromEntries(Object.entries(all).filter(([k, v]) => keys.has(k) && v)) as BrokerFormValues;
}

/**
 * A broker request's form (issue 12): the product's schema (shared-kit broker-requests/schemas.ts) in
 * the kit's collapsible form blocks, each field by its §3 type with its label, asterisk and error; the
 * lists of rows (a fleet, the staff, the travellers) with «Добавить» and «Убрать».
 */
export function BrokerForm({ schema, values, onChange, problems = [], checked = false, readOnly = false }: BrokerFormProps) {
  const byField = React.useMemo(() => new Map(problems.map((p) => [p.field, p.message])), [problems]);
  const set = (key: string, v: string | BrokerRowValue[]) => {
    const next = { ...values };
    if (v === '' || (Array.isArray(v) && v.length === 0)) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  const keys = React.useMemo(() => new Set(schema.blocks.flatMap((b) => b.fields.map((f) => f.key))), [schema]);
  const asksClient = keys.has('clientLastName') || keys.has('companyName');
  return (
    <div className="oy-brform">
      {asksClient && !readOnly ? <ClientPicker onPick={(card) => onChange({ ...values, ...brokerValuesOf(card, keys) })} /> : null}
      {schema.blocks.map((block) => {
        const keys = block.fields.map((f) => `values.${f.key}`);
        const status: FormBlockStatus = checked ? (problems.some((p) => keys.some((k) => p.field === k || p.field.startsWith(`${k}[`))) ? 'invalid' : 'valid') : null;
        return (
          <FormBlock key={block.title} title={block.title} status={status}>
            <div className="oy-brform__grid">
              {block.fields.map((field) => {
                if (field.kind === 'rows') {
                  const rows = Array.isArray(values[field.key]) ? (values[field.key] as BrokerRowValue[]) : [];
                  return (
                    <div key={field.key} className="oy-brform__wide">
                      <Rows field={field} rows={rows} problems={byField} readOnly={readOnly} onChange={(r) => set(field.key, r)} />
                    </div>
                  );
                }
                const id = fieldId(field.key);
                const error = byField.get(`values.${field.key}`);
                const value = typeof values[field.key] === 'string' ? (values[field.key] as string) : '';
                const wide = field.type === 'textarea' || field.type === 'addressDadata';
                return (
                  <div key={field.key} className={wide ? 'oy-brform__wide' : undefined}>
                    <Field label={labelOf(field)} htmlFor={id} required={field.required !== false} error={error}>
                      <Control id={id} type={field.type} options={field.options} value={value} error={error} readOnly={readOnly} onChange={(v) => set(field.key, v)} />
                    </Field>
                  </div>
                );
              })}
            </div>
          </FormBlock>
        );
      })}
    </div>
  );
}
