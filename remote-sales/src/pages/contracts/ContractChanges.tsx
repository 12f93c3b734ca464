import * as React from 'react';
import {
  KASKO_CHANGE_LABELS,
  KASKO_DEDUCTIBLES,
  KASKO_DEDUCTIBLE_TITLES,
  KASKO_MAX_DRIVERS,
  PROPERTY_CHANGE_FIELDS,
  PROPERTY_CHANGE_LABELS,
  formatDate,
  formatMoney,
  formatMoscowDateTime,
  kaskoChangeDefaults,
  moscowParts,
  toIsoDate,
  type ContractDetails,
  type ContractInstalment,
  type KaskoCalculateRequest,
  type KaskoChange,
  type KaskoContractDetails,
  type KaskoDeductible,
  type PropertyCalculateRequest,
  type PropertyChange,
  type PropertyPart,
} from '@oyster/shared-kit/domain';
import { Form } from '@oyster/shared-kit/ui';
import { Button, DateInput, Dropdown, Input, MoneyInput } from '@oyster/shared-kit/ui/form';
import { FormDialog, errorText } from '@oyster/shared-kit/ui/screens';
import { endorseContract } from '../../api/contracts';
import './changes.css';

/**
 * The contract's changes at the insurer (issue 25): cancellation and endorsements, each with what it
 * cost — an extra payment with its link for the client, or the return to the client — and, for a
 * released or in-force policy of a product that takes changes (the api's `canEndorse`), «Внести
 * изменение»: the product's changeable fields (shared-kit KASKO_CHANGE_LABELS, PROPERTY_CHANGE_LABELS)
 * filled from the policy, and the date the change takes effect.
 */

type DriverRow = { name: string; birthDate: string; experienceSince: string };
interface ChangeValues {
  date: string;
  sumInsured?: number | null;
  deductible?: KaskoDeductible | null;
  driversMode?: 'named' | 'unrestricted';
  drivers?: DriverRow[];
  cover?: Partial<Record<PropertyPart, number | null>>;
}

/**
 * A form-kit input under the dialog's Form.Item: the item gives it the value, onChange and the field's id
 * (its label points at it); the kit input takes them as its own props.
 */
function Bound<V>({ id, value, onChange, render }: { id?: string; value?: V; onChange?: (v: V) => void; render: (p: { id?: string; value: V | undefined; onChange: (v: V) => void }) => React.ReactElement }) {
  return render({ id, value, onChange: (v) => onChange?.(v) });
}

const DRIVER_MODES = [
  { key: 'named', text: 'Указанные водители' },
  { key: 'unrestricted', text: 'Без ограничений' },
];
const DEDUCTIBLE_OPTIONS = KASKO_DEDUCTIBLES.map((d) => ({ key: d, text: KASKO_DEDUCTIBLE_TITLES[d] }));

/** Products whose policy the page offers to change (the api's changeSchema decides; canEndorse says so). */
const isKasko = (c: ContractDetails) => c.product === 'ekasko';
const isProperty = (c: ContractDetails) => c.product === 'ifl' || c.product === 'ifl_house';

function initialValues(c: ContractDetails, today: string): ChangeValues {
  if (isKasko(c)) {
    const d = kaskoChangeDefaults(c.calculation as unknown as KaskoCalculateRequest, (c.details as Partial<KaskoContractDetails>).driverNames);
    return {
      date: today,
      sumInsured: d.sumInsured,
      deductible: d.deductible,
      driversMode: d.unrestricted ? 'unrestricted' : 'named',
      drivers: (d.drivers.length ? d.drivers : [{ name: '', birthDate: '', experienceSince: '' }]).map((x) => ({ name: x.name, birthDate: formatDate(x.birthDate), experienceSince: formatDate(x.experienceSince) })),
    };
  }
  const cover = (c.calculation as unknown as PropertyCalculateRequest).cover ?? {};
  return { date: today, cover: Object.fromEntries(PROPERTY_CHANGE_FIELDS.map((p) => [p, cover[p] ?? 0])) };
}

/** The form → the api's `change`: only what differs from the policy as it stands (a partial calculation); null — nothing differs. */
function changeOf(c: ContractDetails, v: ChangeValues, was: ChangeValues): KaskoChange | PropertyChange | null {
  if (isKasko(c)) {
    const change: KaskoChange = {};
    if (v.sumInsured != null && v.sumInsured !== was.sumInsured) change.sumInsured = v.sumInsured;
    if (v.deductible && v.deductible !== was.deductible) change.deductible = v.deductible;
    if (v.driversMode === 'unrestricted') {
      if (was.driversMode !== 'unrestricted') change.unrestricted = true;
    } else {
      const rows = (v.drivers ?? []).map((d) => ({ name: (d.name ?? '').trim(), birthDate: toIsoDate(d.birthDate ?? '') ?? d.birthDate ?? '', experienceSince: toIsoDate(d.experienceSince ?? '') ?? d.experienceSince ?? '' }));
      const same = was.driversMode === 'named' && JSON.stringify(v.drivers) === JSON.stringify(was.drivers);
      if (!same) change.drivers = rows;
    }
    return Object.keys(change).length ? change : null;
  }
  const cover: PropertyChange['cover'] = {};
  for (const p of PROPERTY_CHANGE_FIELDS) {
    const to = v.cover?.[p] ?? 0;
    if (to !== (was.cover?.[p] ?? 0)) cover[p] = to;
  }
  return Object.keys(cover).length ? { cover } : null;
}

function KaskoFields({ form }: { form: ReturnType<typeof Form.useForm<ChangeValues>>[0] }) {
  const mode = Form.useWatch('driversMode', form);
  return (
    <>
      <Form.Item name="sumInsured" label={KASKO_CHANGE_LABELS.sumInsured}>
        <Bound<number | null> render={(b) => <MoneyInput {...b} />} />
      </Form.Item>
      <Form.Item name="deductible" label={KASKO_CHANGE_LABELS.deductible}>
        <Bound<KaskoDeductible | null> render={(b) => <Dropdown {...b} options={DEDUCTIBLE_OPTIONS} sorted={false} allowClear={false} />} />
      </Form.Item>
      <Form.Item name="driversMode" label={KASKO_CHANGE_LABELS.drivers}>
        <Bound<string | null> render={(b) => <Dropdown {...b} options={DRIVER_MODES} sorted={false} allowClear={false} />} />
      </Form.Item>
      {mode === 'named' ? (
        <Form.List name="drivers">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, i) => (
                <fieldset key={row.key} className="oy-contract__driver" aria-label={`Водитель ${i + 1}`}>
                  <legend>
                    Водитель {i + 1}
                    {rows.length > 1 ? (
                      <Button type="link" size="small" onClick={() => remove(row.name)}>
                        Убрать
                      </Button>
                    ) : null}
                  </legend>
                  <Form.Item className="oy-contract__driver-name" name={[row.name, 'name']} label="ФИО" rules={[{ required: true, whitespace: true, message: 'Укажите ФИО водителя' }]}>
                    <Input maxLength={200} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'birthDate']} label="Дата рождения" rules={[{ required: true, message: 'Укажите дату рождения' }]}>
                    <Bound<string> render={(b) => <DateInput {...b} />} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'experienceSince']} label="Стаж с" rules={[{ required: true, message: 'Укажите начало стажа' }]}>
                    <Bound<string> render={(b) => <DateInput {...b} />} />
                  </Form.Item>
                </fieldset>
              ))}
              {rows.length < KASKO_MAX_DRIVERS ? (
                <div className="oy-contract__add-driver">
                  <Button onClick={() => add({ name: '', birthDate: '', experienceSince: '' })}>Добавить водителя</Button>
                </div>
              ) : null}
            </>
          )}
        </Form.List>
      ) : null}
    </>
  );
}

function PropertyFields() {
  return (
    <>
      {PROPERTY_CHANGE_FIELDS.map((p) => (
        <Form.Item key={p} name={['cover', p]} label={PROPERTY_CHANGE_LABELS[p]} extra={p === 'liability' ? 'Лимит ответственности; 0 — не страхуется' : '0 — не страхуется'}>
          <Bound<number | null> render={(b) => <MoneyInput {...b} />} />
        </Form.Item>
      ))}
    </>
  );
}

function EndorseDialog({ contract, onClose, onChanged }: { contract: ContractDetails; onClose: () => void; onChanged: (next: ContractDetails) => void }) {
  const [form] = Form.useForm<ChangeValues>();
  const today = moscowParts(new Date()).date;
  const initial = React.useMemo(() => initialValues(contract, today), [contract, today]);
  const [error, setError] = React.useState<string | null>(null);
  const submit = async (v: ChangeValues) => {
    setError(null);
    const change = changeOf(contract, v, initial);
    if (!change) {
      setError('Измените хотя бы одно условие полиса');
      return false;
    }
    try {
      onChanged(await endorseContract(contract.id, change, toIsoDate(v.date) ?? undefined));
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };
  return (
    <FormDialog<ChangeValues> title="Изменение договора" name="endorsement" form={form} width={560} okText="Рассчитать и внести" initialValues={initial} onSubmit={submit} onClose={onClose} onSaved={onClose}>
      <p className="oy-contract__muted">Страховщик пересчитает премию по своему тарифу: разница за оставшиеся дни срока — доплата клиента или возврат ему.</p>
      {isKasko(contract) ? <KaskoFields form={form} /> : <PropertyFields />}
      <Form.Item name="date" label="Дата изменения" rules={[{ required: true, message: 'Укажите дату изменения' }]} extra={contract.endDate ? `С сегодняшнего дня по ${formatDate(contract.endDate)}` : undefined}>
        <Bound<string> render={(b) => <DateInput {...b} min={today} max={contract.endDate ? formatDate(contract.endDate) : undefined} />} />
      </Form.Item>
      {error ? (
        <p className="oy-contract__error" role="alert">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** An endorsement's money: the extra payment (its state and link to send to the client) or the return. */
function ChangeMoney({ delta, payment }: { delta: number; payment: ContractInstalment | undefined }) {
  const [copied, setCopied] = React.useState(false);
  if (delta < 0) return <div className="oy-contract__change-money">Возврат клиенту {formatMoney(-delta)}</div>;
  if (delta === 0) return null;
  return (
    <div className="oy-contract__change-money">
      Доплата {formatMoney(delta)}
      {payment ? (
        <>
          {' — '}
          {payment.state === 'paid' && payment.paidAt ? `оплачена ${formatMoscowDateTime(payment.paidAt)}` : payment.state === 'waiting' ? 'ожидает оплаты' : 'отменена'}
          {payment.paymentUrl ? (
            <>
              {' · '}
              <a href={payment.paymentUrl} target="_blank" rel="noopener noreferrer">
                ссылка на оплату
              </a>{' '}
              <Button size="small" onClick={() => void navigator.clipboard?.writeText(payment.paymentUrl!).then(() => setCopied(true))}>
                {copied ? 'Скопировано' : 'Скопировать ссылку'}
              </Button>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** «Изменения у страховщика»: the list, and «Внести изменение» when the policy takes one now. */
export function ContractChanges({ contract, onChanged }: { contract: ContractDetails; onChanged: (next: ContractDetails) => void }) {
  const [open, setOpen] = React.useState(false);
  const list = contract.changes ?? [];
  const canChange = contract.canEndorse && (isKasko(contract) || isProperty(contract));
  if (!list.length && !canChange) return null;
  const payments = (contract.instalments ?? []).filter((i) => i.purpose === 'endorsement');
  return (
    <section className="oy-contract__block" aria-label="Изменения договора">
      <h2>Изменения у страховщика</h2>
      {list.length ? (
        <ul className="oy-contract__history">
          {list.map((ch) => (
            <li key={ch.id}>
              <span className="oy-contract__muted">{formatMoscowDateTime(ch.at)}</span> <strong>{ch.kind === 'cancel' ? 'Расторжение' : 'Изменение'}</strong> — {ch.description}
              {ch.by ? <span className="oy-contract__muted"> · {ch.by.fio}</span> : null}
              {ch.kind === 'endorsement' ? <ChangeMoney delta={ch.premiumDelta} payment={payments.find((p) => p.changeId === ch.id)} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="oy-contract__muted">Изменений не было.</p>
      )}
      {canChange ? (
        <div className="oy-contract__actions">
          <Button onClick={() => setOpen(true)}>Внести изменение</Button>
        </div>
      ) : null}
      {open ? <EndorseDialog contract={contract} onClose={() => setOpen(false)} onChanged={onChanged} /> : null}
    </section>
  );
}
