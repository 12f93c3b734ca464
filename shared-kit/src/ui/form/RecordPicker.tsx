import * as React from 'react';
import { CLIENT_TEXTS, DEBOUNCE_MS, vehicleTitle, type ClientCard, type ClientListItem, type ClientPage, type Vehicle, type VehiclePage } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Field } from '../Field';
import { SuggestionInput, SuggestionItem, type SuggestFetcher } from './suggest';

/**
 * «Выбрать клиента» / «Выбрать автомобиль» (issue 25): the agent's client and vehicle records, searched as
 * they type (debounced 500 ms like the address suggestions) by name, phone or plate (a vehicle: plate,
 * VIN or its owner's name); choosing one hands the whole record to the form, which fills its fields from
 * it. One component for every calculator, the contract steps and the broker request forms.
 * The records come from /api/v2/clients and /api/v2/vehicles (silent: a failure shows no list, as a
 * suggestion's would); only the clients of agents the user sees are there.
 */
export const RECORD_PICKER_DEBOUNCE_MS = DEBOUNCE_MS.address;

const http = () => getRuntime().http;

/** The picker's calls, injectable (tests, harnesses). */
export interface RecordSource {
  clients(search: string, signal: AbortSignal): Promise<ClientListItem[]>;
  client(id: string): Promise<ClientCard>;
  vehicles(search: string, signal: AbortSignal): Promise<Vehicle[]>;
}

export const apiRecordSource: RecordSource = {
  clients: async (search, signal) => (await http().get<{ data: ClientPage }>(`/api/v2/clients?${new URLSearchParams({ search, limit: '10' })}`, { silent: true, signal })).data.items,
  client: async (id) => (await http().get<{ data: ClientCard }>(`/api/v2/clients/${id}`, { silent: true })).data,
  vehicles: async (search, signal) => (await http().get<{ data: VehiclePage }>(`/api/v2/vehicles?${new URLSearchParams({ search, limit: '10' })}`, { silent: true, signal })).data.items,
};

interface PickerProps<T> {
  id?: string;
  /** The field's label; default «Выбрать клиента» / «Выбрать автомобиль». */
  label?: string;
  source?: RecordSource;
  onPick(record: T): void;
  /** Shown under the field once a record was picked. */
  pickedText?(record: T): string;
  className?: string;
}

/**
 * The picker both records share: a suggestion input over `search`, each found record a line (`title`,
 * `hint`); choosing one resolves it (`resolve`: the client's whole card) and hands it to `onPick`.
 */
function RecordPicker<F, T>({
  id,
  label,
  placeholder,
  kind,
  search,
  title,
  hint,
  resolve,
  picked: pickedText,
  onPick,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  kind: string;
  search(text: string, signal: AbortSignal): Promise<F[]>;
  title(found: F): string;
  hint(found: F): string | null;
  resolve(found: F): Promise<T>;
  picked(record: T): string;
  onPick(record: T): void;
  className?: string;
}) {
  const [text, setText] = React.useState('');
  const [picked, setPicked] = React.useState<T | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const latest = React.useRef({ search, title });
  latest.current = { search, title };
  const fetcher: SuggestFetcher = React.useCallback(
    async (_kind, body, signal) => ({ suggestions: (await latest.current.search(String(body.query ?? ''), signal)).map((f) => ({ value: latest.current.title(f), data: f })) }),
    [],
  );
  return (
    <div className={className ?? 'oy-record-picker'}>
      <Field label={label} htmlFor={id} error={error ?? undefined}>
        <SuggestionInput<F>
          id={id}
          kind={kind}
          value={text}
          onChange={setText}
          placeholder={placeholder}
          debounceMs={RECORD_PICKER_DEBOUNCE_MS}
          fetcher={fetcher}
          listMinWidth={360}
          renderItem={(s) => <SuggestionItem main={s.value} hint={hint(s.data)} />}
          onSelect={(s) => {
            if (!s) return;
            setError(null);
            resolve(s.data).then(
              (record) => {
                setPicked(record);
                onPick(record);
              },
              () => setError('Не удалось загрузить клиента: попробуйте ещё раз'),
            );
          }}
        />
      </Field>
      {picked ? (
        <p className="oy-record-picker__picked" role="status">
          {pickedText(picked)}
        </p>
      ) : null}
    </div>
  );
}

/** «Выбрать клиента»: a client record (with their vehicles and contracts) chosen by name, phone or plate. */
export function ClientPicker({ id = 'oy-client-picker', label = CLIENT_TEXTS.pickClient, source = apiRecordSource, onPick, pickedText, className }: PickerProps<ClientCard>) {
  return (
    <RecordPicker<ClientListItem, ClientCard>
      id={id}
      label={label}
      className={className}
      placeholder={CLIENT_TEXTS.pickPlaceholder}
      kind="clients"
      search={source.clients}
      title={(c) => c.name}
      hint={(c) => [c.phone, c.plates.join(', ')].filter(Boolean).join(' · ') || null}
      resolve={(c) => source.client(c.id)}
      picked={pickedText ?? ((card) => `Данные клиента «${card.client.name}» подставлены в форму`)}
      onPick={onPick}
    />
  );
}

/** «Выбрать автомобиль»: a vehicle record chosen by plate, VIN or its owner's name. */
export function VehiclePicker({ id = 'oy-vehicle-picker', label = CLIENT_TEXTS.pickVehicle, source = apiRecordSource, onPick, pickedText, className }: PickerProps<Vehicle>) {
  return (
    <RecordPicker<Vehicle, Vehicle>
      id={id}
      label={label}
      className={className}
      placeholder={CLIENT_TEXTS.pickVehiclePlaceholder}
      kind="vehicles"
      search={source.vehicles}
      title={vehicleTitle}
      hint={(v) => v.ownerName}
      resolve={async (v) => v}
      picked={pickedText ?? ((v) => `Данные автомобиля «${vehicleTitle(v)}» подставлены в форму`)}
      onPick={onPick}
    />
  );
}
