import * as React from 'react';
import { VEHICLE_DOCUMENT_TITLES, VEHICLE_DOCUMENT_TYPES, toDateText, toIsoDate, type EosagoContractDetails } from '@oyster/shared-kit/domain';
import {
  AddressSuggestInput,
  Checkbox,
  DateInput,
  Dropdown,
  Field,
  FirstNameSuggestInput,
  Input,
  IntegerInput,
  IssuerSuggestInput,
  LastNameSuggestInput,
  MaskedInput,
  MiddleNameSuggestInput,
  PlateInput,
  PtsInput,
  StsInput,
  VinInput,
} from '@oyster/shared-kit/ui/form';
import './osagoDetails.css';

/**
 * The e-OSAGO documents' fields (vehicle, owner, insurant), shared by the calculator's steps
 * (`/app/new-eosago`) and the contract's (`/app/contracts/{id}/{step}`): bound to a details object by
 * dotted paths, each with the kit's masks and suggestions and the error of its path.
 */

const DOCUMENT_OPTIONS = VEHICLE_DOCUMENT_TYPES.map((t) => ({ key: t, text: VEHICLE_DOCUMENT_TITLES[t] }));

export type Details = Partial<EosagoContractDetails>;

/** Whether the fields a contract needs carry the asterisk: not in the calculator, where they may come later. */
const MarksRequired = React.createContext(true);
export function DocumentsMayWait({ children }: { children: React.ReactNode }) {
  return <MarksRequired.Provider value={false}>{children}</MarksRequired.Provider>;
}

/** A value at a dotted path of the details (`vehicle.document.number`). */
export function at(d: Details, path: string): unknown {
  let v: unknown = d;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}
export const text = (d: Details, path: string) => {
  const v = at(d, path);
  return v == null ? '' : String(v);
};
export function withValue(d: Details, path: string, value: unknown): Details {
  const keys = path.split('.');
  const copy: Record<string, unknown> = { ...(d as Record<string, unknown>) };
  let node = copy;
  keys.slice(0, -1).forEach((k) => {
    node[k] = { ...((node[k] as Record<string, unknown>) ?? {}) };
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]] = value;
  return copy as Details;
}

/** What a step's fields need: the values, a setter by path, and the error of a path (the server's rule, shown where it belongs). */
export interface StepProps {
  d: Details;
  set(path: string, value: unknown): void;
  errorOf(path: string): string | undefined;
}

export const idOf = (path: string) => `contract-${path.replace(/[.[\]]+/g, '-')}`;

/** A field of the details with the kit's label and its error underneath. */
export function DetailField({ path, label, errorOf, required: requiredHere = true, wide, children }: { path: string; label: string; errorOf: StepProps['errorOf']; required?: boolean; wide?: boolean; children(id: string, error: string | undefined): React.ReactNode }) {
  const id = idOf(path);
  const error = errorOf(path);
  const marks = React.useContext(MarksRequired);
  const required = requiredHere && marks;
  return (
    <div className={wide ? 'oy-steps__wide' : undefined}>
      <Field label={label} htmlFor={id} error={error} required={required}>
        {children(id, error)}
      </Field>
    </div>
  );
}

export function DateField({ path, label, ...p }: StepProps & { path: string; label: string }) {
  return (
    <DetailField path={path} label={label} errorOf={p.errorOf}>
      {(id, error) => <DateInput id={id} error={error} value={toDateText(text(p.d, path)) ?? ''} onChange={(t) => p.set(path, t ? toIsoDate(t) : null)} />}
    </DetailField>
  );
}

/**
 * The vehicle's identity and document. `withYear`: the contract's step asks the year; the
 * calculator has it among the rating factors.
 */
export function VehicleFields({ withYear = true, ...p }: StepProps & { withYear?: boolean }) {
  const docType = text(p.d, 'vehicle.document.type');
  const series = text(p.d, 'vehicle.document.series');
  const number = text(p.d, 'vehicle.document.number');
  // СТС and ПТС are typed as one masked text «77УХ 123456»; the details keep the series and the number apart.
  const setSeriesNumber = (t: string) => {
    const clean = t.replace(/[\s_]/g, '');
    p.set('vehicle.document.series', clean.slice(0, 4));
    p.set('vehicle.document.number', clean.slice(4));
  };
  const DocInput = docType === 'PTS' ? PtsInput : StsInput;
  return (
    <div className="oy-steps__grid">
      <DetailField path="vehicle.plate" label="Госномер" errorOf={p.errorOf} required={false}>
        {(id, error) => <PlateInput id={id} error={error} value={text(p.d, 'vehicle.plate')} onChange={(v) => p.set('vehicle.plate', v.replace(/[\s_]/g, '') || null)} />}
      </DetailField>
      <DetailField path="vehicle.vin" label="VIN" errorOf={p.errorOf} required={false}>
        {(id, error) => <VinInput id={id} error={error} value={text(p.d, 'vehicle.vin')} onChange={(v) => p.set('vehicle.vin', v.replace(/[\s_]/g, '') || null)} />}
      </DetailField>
      <DetailField path="vehicle.bodyNumber" label="Номер кузова или шасси (если нет VIN)" errorOf={p.errorOf} required={false}>
        {(id) => <Input id={id} value={text(p.d, 'vehicle.bodyNumber')} maxLength={30} onChange={(e) => p.set('vehicle.bodyNumber', e.target.value.toUpperCase() || null)} />}
      </DetailField>
      <DetailField path="vehicle.make" label="Марка" errorOf={p.errorOf}>
        {(id, error) => <Input id={id} status={error ? 'error' : undefined} value={text(p.d, 'vehicle.make')} maxLength={60} onChange={(e) => p.set('vehicle.make', e.target.value)} />}
      </DetailField>
      <DetailField path="vehicle.model" label="Модель" errorOf={p.errorOf}>
        {(id, error) => <Input id={id} status={error ? 'error' : undefined} value={text(p.d, 'vehicle.model')} maxLength={60} onChange={(e) => p.set('vehicle.model', e.target.value)} />}
      </DetailField>
      {withYear ? (
        <DetailField path="vehicle.year" label="Год выпуска" errorOf={p.errorOf}>
          {(id, error) => <IntegerInput id={id} error={error} value={(at(p.d, 'vehicle.year') as number | null) ?? null} onChange={(v) => p.set('vehicle.year', v)} />}
        </DetailField>
      ) : null}
      <DetailField path="vehicle.document.type" label="Документ ТС" errorOf={p.errorOf}>
        {(id, error) => <Dropdown id={id} error={error} options={DOCUMENT_OPTIONS} value={docType || null} sorted={false} onChange={(v) => p.set('vehicle.document.type', v)} />}
      </DetailField>
      {docType === 'EPTS' ? (
        <DetailField path="vehicle.document.number" label="Номер ЭПТС" errorOf={p.errorOf}>
          {(id, error) => (
            <Input id={id} status={error ? 'error' : undefined} inputMode="numeric" maxLength={15} value={number} onChange={(e) => p.set('vehicle.document.number', e.target.value.replace(/\D/g, ''))} />
          )}
        </DetailField>
      ) : (
        <DetailField path="vehicle.document.series" label={`Серия и номер ${docType ? VEHICLE_DOCUMENT_TITLES[docType as 'STS'] : 'документа'}`} errorOf={p.errorOf}>
          {(id, error) => <DocInput id={id} error={error} value={series || number ? `${series} ${number}`.trim() : ''} onChange={setSeriesNumber} />}
        </DetailField>
      )}
      <DateField {...p} path="vehicle.document.issuedAt" label="Дата выдачи документа" />
    </div>
  );
}

/**
 * A person of the contract (the owner or the insurant): name with suggestions, passport, address.
 * `address`: drawn by the caller instead (the calculator's owner address is a rating factor: its
 * suggestion decides КТ).
 */
export function PersonFields({ who, address, ...p }: StepProps & { who: 'owner' | 'insurant'; address?: React.ReactNode }) {
  const path = (k: string) => `${who}.${k}`;
  return (
    <div className="oy-steps__grid">
      <DetailField path={path('lastName')} label="Фамилия" errorOf={p.errorOf}>
        {(id, error) => <LastNameSuggestInput id={id} error={error} value={text(p.d, path('lastName'))} onChange={(v) => p.set(path('lastName'), v)} />}
      </DetailField>
      <DetailField path={path('firstName')} label="Имя" errorOf={p.errorOf}>
        {(id, error) => <FirstNameSuggestInput id={id} error={error} value={text(p.d, path('firstName'))} onChange={(v) => p.set(path('firstName'), v)} />}
      </DetailField>
      <DetailField path={path('middleName')} label="Отчество" errorOf={p.errorOf} required={false}>
        {(id, error) => <MiddleNameSuggestInput id={id} error={error} value={text(p.d, path('middleName'))} onChange={(v) => p.set(path('middleName'), v || null)} />}
      </DetailField>
      <DateField {...p} path={path('birthDate')} label="Дата рождения" />
      <DetailField path={path('passport.series')} label="Серия паспорта" errorOf={p.errorOf}>
        {(id, error) => <MaskedInput id={id} error={error} mask="9999" inputMode="numeric" placeholder="9999" value={text(p.d, path('passport.series'))} onChange={(v) => p.set(path('passport.series'), v.replace(/\D/g, ''))} />}
      </DetailField>
      <DetailField path={path('passport.number')} label="Номер паспорта" errorOf={p.errorOf}>
        {(id, error) => <MaskedInput id={id} error={error} mask="999999" inputMode="numeric" placeholder="999999" value={text(p.d, path('passport.number'))} onChange={(v) => p.set(path('passport.number'), v.replace(/\D/g, ''))} />}
      </DetailField>
      <DateField {...p} path={path('passport.issuedAt')} label="Дата выдачи паспорта" />
      <DetailField path={path('passport.issuer')} label="Кем выдан" errorOf={p.errorOf} wide>
        {(id, error) => <IssuerSuggestInput id={id} error={error} value={text(p.d, path('passport.issuer'))} onChange={(v) => p.set(path('passport.issuer'), v)} />}
      </DetailField>
      {address ?? (
        <DetailField path={path('address')} label="Адрес регистрации" errorOf={p.errorOf} wide>
          {(id, error) => <AddressSuggestInput id={id} error={error} value={text(p.d, path('address'))} onChange={(v) => p.set(path('address'), v)} />}
        </DetailField>
      )}
    </div>
  );
}

/** The insurant: the owner, or another person with the same fields. */
export function InsurantFields(p: StepProps) {
  const same = p.d.insurantIsOwner !== false;
  return (
    <>
      <Checkbox checked={same} onChange={(e) => p.set('insurantIsOwner', e.target.checked)}>
        Страхователь — собственник
      </Checkbox>
      {same ? <p className="oy-steps__note">Договор заключает собственник: его данные уже указаны на прошлом шаге.</p> : <PersonFields {...p} who="insurant" />}
    </>
  );
}

