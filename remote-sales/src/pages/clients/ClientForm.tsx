import * as React from 'react';
import { Formik, type FormikErrors } from 'formik';
import {
  moscowIsoDay,
  ADDRESS_DATA_KEYS,
  CLIENT_KINDS,
  CLIENT_KIND_TITLES,
  VEHICLE_CATEGORIES,
  VEHICLE_DOCUMENT_TITLES,
  VEHICLE_DOCUMENT_TYPES,
  clientErrors,
  normalizeClient,
  normalizeVehicle,
  toDateText,
  toIsoDate,
  vehicleErrors,
  type Client,
  type ClientAddress,
  type ClientInput,
  type ClientKind,
  type Vehicle,
  type VehicleDocumentType,
  type VehicleInput,
} from '@oyster/shared-kit/domain';
import {
  AddressSuggestInput,
  Button,
  DateInput,
  Dropdown,
  EmailSuggestInput,
  FirstNameSuggestInput,
  FormBlock,
  FormikField,
  Input,
  IntegerInput,
  IssuerSuggestInput,
  LastNameSuggestInput,
  MaskedInput,
  MiddleNameSuggestInput,
  PhoneInput,
  PlateInput,
  PtsInput,
  StsInput,
  VinInput,
  type FormikFieldBinding,
} from '@oyster/shared-kit/ui/form';
import { errorText } from '@oyster/shared-kit/ui/screens';

/**
 * The client's and the vehicle's forms (the form kit: masks, suggestions, dates), checked by the same
 * rules as the api (shared-kit sales/clients.ts clientErrors / vehicleErrors: every error at once, under
 * its field). Dates are typed dd.mm.yyyy and sent YYYY-MM-DD.
 */
interface ClientValues {
  kind: ClientKind;
  lastName: string;
  firstName: string;
  middleName: string;
  birthDate: string;
  passport: { series: string; number: string; issuedAt: string; issuer: string; unitCode: string };
  companyName: string;
  inn: string;
  kpp: string;
  ogrn: string;
  contactPerson: string;
  addressText: string;
  address: ClientAddress | null;
  phone: string;
  email: string;
}

const s = (v: string | null | undefined) => v ?? '';
const d = (v: string | null | undefined) => toDateText(v) ?? '';

function valuesOf(c: Client | null): ClientValues {
  return {
    kind: c?.kind ?? 'person',
    lastName: s(c?.lastName),
    firstName: s(c?.firstName),
    middleName: s(c?.middleName),
    birthDate: d(c?.birthDate),
    passport: { series: s(c?.passport?.series), number: s(c?.passport?.number), issuedAt: d(c?.passport?.issuedAt), issuer: s(c?.passport?.issuer), unitCode: s(c?.passport?.unitCode) },
    companyName: s(c?.companyName),
    inn: s(c?.inn),
    kpp: s(c?.kpp),
    ogrn: s(c?.ogrn),
    contactPerson: s(c?.contactPerson),
    addressText: s(c?.address?.value),
    address: c?.address ?? null,
    phone: s(c?.phone),
    email: s(c?.email),
  };
}

/** A typed date: YYYY-MM-DD, null when empty, the text itself when it is no date (the rule then names it). */
const iso = (t: string) => (t.trim() ? (toIsoDate(t) ?? t) : null);
const orNull = (t: string) => (t.replace(/_/g, '').trim() ? t : null);

function inputOf(v: ClientValues): ClientInput {
  // The address kept from its suggestion (with the parts the rating reads) while its text is unchanged.
  const address = v.addressText.trim() ? (v.address && v.address.value === v.addressText ? v.address : { value: v.addressText, data: null }) : null;
  return normalizeClient({
    kind: v.kind,
    lastName: orNull(v.lastName),
    firstName: orNull(v.firstName),
    middleName: orNull(v.middleName),
    birthDate: iso(v.birthDate),
    passport: { series: orNull(v.passport.series), number: orNull(v.passport.number), issuedAt: iso(v.passport.issuedAt), issuer: orNull(v.passport.issuer), unitCode: orNull(v.passport.unitCode) },
    companyName: orNull(v.companyName),
    inn: orNull(v.inn),
    kpp: orNull(v.kpp),
    ogrn: orNull(v.ogrn),
    contactPerson: orNull(v.contactPerson),
    address,
    phone: orNull(v.phone),
    email: orNull(v.email),
  });
}

/** The rule's errors where formik shows them (`passport.series` is a path formik reads). */
function errorsOf<V>(list: { field: string; message: string }[], rename: Record<string, string> = {}): FormikErrors<V> {
  const out: Record<string, unknown> = {};
  for (const e of list) {
    const path = (rename[e.field] ?? e.field).split('.');
    let node = out;
    path.slice(0, -1).forEach((k) => (node = (node[k] ??= {}) as Record<string, unknown>));
    node[path[path.length - 1]] ??= e.message;
  }
  return out as FormikErrors<V>;
}

const todayIso = () => moscowIsoDay();
const KIND_OPTIONS = CLIENT_KINDS.map((k) => ({ key: k, text: CLIENT_KIND_TITLES[k] }));

/** A plain text field of the kit bound to formik: `clean` shapes what is typed (digits only, upper case). */
function TextInput({ f, max, numeric, clean = (t) => t }: { f: FormikFieldBinding<string>; max: number; numeric?: boolean; clean?: (t: string) => string }) {
  return <Input id={f.id} status={f.error ? 'error' : undefined} value={f.value} inputMode={numeric ? 'numeric' : undefined} maxLength={max} onChange={(e) => f.onChange(clean(e.target.value))} onBlur={f.onBlur} />;
}

/** A record's form: its fields, what the server answered when it refused, «Сохранить» and «Отмена». */
function FormShell({ label, failure, submitting, submitText = 'Сохранить', submit, onCancel, children }: { label: string; failure: string | null; submitting: boolean; submitText?: string; submit(): void; onCancel(): void; children: React.ReactNode }) {
  return (
    <form
      className="oy-clients__form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {children}
      {failure ? (
        <p className="oy-clients__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="oy-clients__actions">
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitText}
        </Button>
        <Button onClick={onCancel} disabled={submitting}>
          Отмена
        </Button>
      </div>
    </form>
  );
}

/** Saves through `save`; a refusal stays in the form as its text. */
function useSave<I>(save: (input: I) => Promise<void>) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const run = async (input: I) => {
    setFailure(null);
    try {
      await save(input);
    } catch (e) {
      setFailure(errorText(e));
    }
  };
  return { failure, run };
}

export function ClientForm({ client, onSave, onCancel, submitText = 'Сохранить' }: { client: Client | null; onSave(input: ClientInput): Promise<void>; onCancel(): void; submitText?: string }) {
  const { failure, run } = useSave(onSave);
  return (
    <Formik<ClientValues>
      initialValues={valuesOf(client)}
      validate={(v) => errorsOf<ClientValues>(clientErrors(inputOf(v), { today: todayIso() }), { address: 'addressText' })}
      onSubmit={(v) => run(inputOf(v))}
    >
      {(form) => (
        <FormShell label={client ? 'Данные клиента' : 'Новый клиент'} failure={failure} submitting={form.isSubmitting} submitText={submitText} submit={() => void form.submitForm()} onCancel={onCancel}>
          <div className="oy-steps__grid">
            <FormikField<string> name="kind" label="Клиент" required>
              {(f) => <Dropdown {...f} options={KIND_OPTIONS} allowClear={false} sorted={false} />}
            </FormikField>
          </div>
          {form.values.kind === 'person' ? (
            <FormBlock title="Физлицо">
              <div className="oy-steps__grid">
                <FormikField<string> name="lastName" label="Фамилия" required>
                  {(f) => <LastNameSuggestInput {...f} />}
                </FormikField>
                <FormikField<string> name="firstName" label="Имя" required>
                  {(f) => <FirstNameSuggestInput {...f} />}
                </FormikField>
                <FormikField<string> name="middleName" label="Отчество">
                  {(f) => <MiddleNameSuggestInput {...f} />}
                </FormikField>
                <FormikField<string> name="birthDate" label="Дата рождения">
                  {(f) => <DateInput {...f} />}
                </FormikField>
                <FormikField<string> name="passport.series" label="Серия паспорта">
                  {(f) => <MaskedInput {...f} mask="9999" inputMode="numeric" placeholder="9999" onChange={(t) => f.onChange(t.replace(/\D/g, ''))} />}
                </FormikField>
                <FormikField<string> name="passport.number" label="Номер паспорта">
                  {(f) => <MaskedInput {...f} mask="999999" inputMode="numeric" placeholder="999999" onChange={(t) => f.onChange(t.replace(/\D/g, ''))} />}
                </FormikField>
                <FormikField<string> name="passport.issuedAt" label="Дата выдачи">
                  {(f) => <DateInput {...f} />}
                </FormikField>
                <FormikField<string> name="passport.unitCode" label="Код подразделения">
                  {(f) => <MaskedInput {...f} mask="999-999" inputMode="numeric" placeholder="000-000" onChange={(t) => f.onChange(t.includes('_') || !t.replace(/\D/g, '') ? t.replace(/_/g, '').replace(/-$/, '') : t)} />}
                </FormikField>
                <div className="oy-steps__wide">
                  <FormikField<string> name="passport.issuer" label="Кем выдан">
                    {(f) => (
                      <IssuerSuggestInput
                        {...f}
                        onSelect={(sug) => {
                          if (sug?.data?.code) void form.setFieldValue('passport.unitCode', sug.data.code);
                        }}
                      />
                    )}
                  </FormikField>
                </div>
              </div>
            </FormBlock>
          ) : (
            <FormBlock title="Организация">
              <div className="oy-steps__grid">
                <div className="oy-steps__wide">
                  <FormikField<string> name="companyName" label="Название" required>
                    {(f) => <TextInput f={f} max={300} />}
                  </FormikField>
                </div>
                <FormikField<string> name="inn" label="ИНН" required>
                  {(f) => <TextInput f={f} max={12} numeric clean={(t) => t.replace(/\D/g, '')} />}
                </FormikField>
                <FormikField<string> name="kpp" label="КПП">
                  {(f) => <TextInput f={f} max={9} clean={(t) => t.toUpperCase()} />}
                </FormikField>
                <FormikField<string> name="ogrn" label="ОГРН">
                  {(f) => <TextInput f={f} max={15} numeric clean={(t) => t.replace(/\D/g, '')} />}
                </FormikField>
                <FormikField<string> name="contactPerson" label="Контактное лицо">
                  {(f) => <TextInput f={f} max={200} />}
                </FormikField>
              </div>
            </FormBlock>
          )}
          <FormBlock title="Адрес и контакты">
            <div className="oy-steps__grid">
              <div className="oy-steps__wide">
                <FormikField<string> name="addressText" label={form.values.kind === 'person' ? 'Адрес регистрации' : 'Юридический адрес'}>
                  {(f) => (
                    <AddressSuggestInput
                      {...f}
                      placeholder="Город, улица, дом"
                      onSelect={(sug) => {
                        const data = sug?.data ? Object.fromEntries(ADDRESS_DATA_KEYS.map((k) => [k, (sug.data as Record<string, unknown>)[k] == null ? null : String((sug.data as Record<string, unknown>)[k])])) : null;
                        void form.setFieldValue('address', sug ? { value: sug.value, data } : null);
                      }}
                    />
                  )}
                </FormikField>
              </div>
              <FormikField<string> name="phone" label="Телефон">
                {(f) => <PhoneInput {...f} />}
              </FormikField>
              <FormikField<string> name="email" label="E-mail">
                {(f) => <EmailSuggestInput {...f} />}
              </FormikField>
            </div>
          </FormBlock>
        </FormShell>
      )}
    </Formik>
  );
}

interface VehicleValues {
  make: string;
  model: string;
  year: number | null;
  vin: string;
  bodyNumber: string;
  plate: string;
  powerHp: number | null;
  category: string | null;
  document: { type: string | null; seriesNumber: string; number: string; issuedAt: string };
}

function vehicleValuesOf(v: Vehicle | null): VehicleValues {
  return {
    make: s(v?.make),
    model: s(v?.model),
    year: v?.year ?? null,
    vin: s(v?.vin),
    bodyNumber: s(v?.bodyNumber),
    plate: s(v?.plate),
    powerHp: v?.powerHp ?? null,
    category: v?.category ?? 'B',
    document: { type: v?.document?.type ?? 'STS', seriesNumber: v?.document?.series || v?.document?.number ? `${s(v?.document?.series)} ${s(v?.document?.number)}`.trim() : '', number: s(v?.document?.number), issuedAt: d(v?.document?.issuedAt) },
  };
}

function vehicleInputOf(v: VehicleValues): VehicleInput {
  const compact = v.document.seriesNumber.replace(/[\s_]/g, '');
  const epts = v.document.type === 'EPTS';
  const series = epts ? null : orNull(compact.slice(0, 4));
  const number = epts ? orNull(v.document.number) : orNull(compact.slice(4));
  return normalizeVehicle({
    make: orNull(v.make),
    model: orNull(v.model),
    year: v.year,
    vin: orNull(v.vin.replace(/[\s_]/g, '')),
    bodyNumber: orNull(v.bodyNumber),
    plate: orNull(v.plate.replace(/[\s_]/g, '')),
    powerHp: v.powerHp,
    category: (v.category as VehicleInput['category']) ?? null,
    document: series || number || v.document.issuedAt ? { type: v.document.type as VehicleDocumentType | null, series, number, issuedAt: iso(v.document.issuedAt) } : null,
  });
}

const CATEGORY_OPTIONS = VEHICLE_CATEGORIES.map((c) => ({ key: c, text: c === 'tractor' ? 'Трактор' : c }));
const DOCUMENT_OPTIONS = VEHICLE_DOCUMENT_TYPES.map((t) => ({ key: t, text: VEHICLE_DOCUMENT_TITLES[t] }));

export function VehicleForm({ vehicle, onSave, onCancel }: { vehicle: Vehicle | null; onSave(input: VehicleInput): Promise<void>; onCancel(): void }) {
  const { failure, run } = useSave(onSave);
  return (
    <Formik<VehicleValues>
      initialValues={vehicleValuesOf(vehicle)}
      validate={(v) => errorsOf<VehicleValues>(vehicleErrors(vehicleInputOf(v)), { 'document.series': 'document.seriesNumber' })}
      onSubmit={(v) => run(vehicleInputOf(v))}
    >
      {(form) => {
        const DocInput = form.values.document.type === 'PTS' ? PtsInput : StsInput;
        return (
          <FormShell label={vehicle ? 'Данные автомобиля' : 'Новый автомобиль'} failure={failure} submitting={form.isSubmitting} submit={() => void form.submitForm()} onCancel={onCancel}>
            <div className="oy-steps__grid">
              <FormikField<string> name="make" label="Марка" required>
                {(f) => <TextInput f={f} max={60} />}
              </FormikField>
              <FormikField<string> name="model" label="Модель" required>
                {(f) => <TextInput f={f} max={60} />}
              </FormikField>
              <FormikField<number | null> name="year" label="Год выпуска">
                {(f) => <IntegerInput {...f} />}
              </FormikField>
              <FormikField<string> name="plate" label="Госномер">
                {(f) => <PlateInput {...f} />}
              </FormikField>
              <FormikField<string> name="vin" label="VIN">
                {(f) => <VinInput {...f} />}
              </FormikField>
              <FormikField<string> name="bodyNumber" label="Номер кузова (если нет VIN)">
                {(f) => <TextInput f={f} max={30} clean={(t) => t.toUpperCase()} />}
              </FormikField>
              <FormikField<number | null> name="powerHp" label="Мощность, л. с.">
                {(f) => <IntegerInput {...f} />}
              </FormikField>
              <FormikField<string> name="category" label="Категория">
                {(f) => <Dropdown {...f} options={CATEGORY_OPTIONS} sorted={false} />}
              </FormikField>
              <FormikField<string> name="document.type" label="Документ ТС">
                {(f) => <Dropdown {...f} options={DOCUMENT_OPTIONS} allowClear={false} sorted={false} />}
              </FormikField>
              {form.values.document.type === 'EPTS' ? (
                <FormikField<string> name="document.number" label="Номер ЭПТС">
                  {(f) => <TextInput f={f} max={15} numeric clean={(t) => t.replace(/\D/g, '')} />}
                </FormikField>
              ) : (
                <FormikField<string> name="document.seriesNumber" label="Серия и номер">
                  {(f) => <DocInput {...f} />}
                </FormikField>
              )}
              <FormikField<string> name="document.issuedAt" label="Дата выдачи документа">
                {(f) => <DateInput {...f} />}
              </FormikField>
            </div>
          </FormShell>
        );
      }}
    </Formik>
  );
}
