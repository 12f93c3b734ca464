import * as React from 'react';
import { CLIENT_TEXTS, DEBOUNCE_MS, vehicleTitle, type ClientCard, type ClientListItem, type ClientPage, type Vehicle, type VehiclePage } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Field } from '../Field';
import { SuggestionInput, type SuggestFetcher } from './suggest';

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

function Item({ main, hint }: { main: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <span className="oy-suggest-item">
      <span>{main}</span>
      {hint ? <span className="oy-suggest-item__hint">{hint}</span> : null}
    </span>
  );
}

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

function usePicked<T>() {
  const [picked, setPicked] = React.useState<T | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  return { picked, setPicked, error, setError };
}

/** «Выбрать клиента»: a client record (with their vehicles and contracts) chosen by name, phone or plate. */
export function ClientPicker({ id = 'oy-client-picker', label = CLIENT_TEXTS.pickClient, source = apiRecordSource, onPick, pickedText, className }: PickerProps<ClientCard>) {
  const [text, setText] = React.useState('');
  const state = usePicked<ClientCard>();
  const fetcher: SuggestFetcher = React.useCallback(
    async (_kind, body, signal) => ({ suggestions: (await source.clients(String(body.query ?? ''), signal)).map((c) => ({ value: c.name, data: c })) }),
    [source],
  );
  return (
    <div className={className ?? 'oy-record-picker'}>
      <Field label={label} htmlFor={id} error={state.error ?? undefined}>
        <SuggestionInput<ClientListItem>
          id={id}
          kind="clients"
          value={text}
          onChange={setText}
          placeholder={CLIENT_TEXTS.pickPlaceholder}
          debounceMs={RECORD_PICKER_DEBOUNCE_MS}
          fetcher={fetcher}
          listMinWidth={360}
          renderItem={(s) => <Item main={s.value} hint={[s.data.phone, s.data.plates.join(', ')].filter(Boolean).join(' · ') || null} />}
          onSelect={(s) => {
            if (!s) return;
            state.setError(null);
            source.client(s.data.id).then(
              (card) => {
                state.setPicked(card);
                onPick(card);
              },
              () => state.setError('Не удалось загрузить клиента: попробуйте ещё раз'),
            );
          }}
        />
      </Field>
      {state.picked ? (
        <p className="oy-record-picker__picked" role="status">
          {pickedText ? pickedText(state.picked) : `Данные клиента «${state.picked.client.name}» подставлены в форму`}
        </p>
      ) : null}
    </div>
  );
}

/** «Выбрать автомобиль»: a vehicle record chosen by plate, VIN or its owner's name. */
export function VehiclePicker({ id = 'oy-vehicle-picker', label = CLIENT_TEXTS.pickVehicle, source = apiRecordSource, onPick, pickedText, className }: PickerProps<Vehicle>) {
  const [text, setText] = React.useState('');
  const state = usePicked<Vehicle>();
  const fetcher: SuggestFetcher = React.useCallback(
    async (_kind, body, signal) => ({ suggestions: (await source.vehicles(String(body.query ?? ''), signal)).map((v) => ({ value: vehicleTitle(v), data: v })) }),
    [source],
  );
  return (
    <div className={className ?? 'oy-record-picker'}>
      <Field label={label} htmlFor={id}>
        <SuggestionInput<Vehicle>
          id={id}
          kind="vehicles"
          value={text}
          onChange={setText}
          placeholder={CLIENT_TEXTS.pickVehiclePlaceholder}
          debounceMs={RECORD_PICKER_DEBOUNCE_MS}
          fetcher={fetcher}
          listMinWidth={360}
          renderItem={(s) => <Item main={s.value} hint={s.data.ownerName} />}
          onSelect={(s) => {
            if (!s) return;
            state.setPicked(s.data);
            onPick(s.data);
          }}
        />
      </Field>
      {state.picked ? (
        <p className="oy-record-picker__picked" role="status">
          {pickedText ? pickedText(state.picked) : `Данные автомобиля «${vehicleTitle(state.picked)}» подставлены в форму`}
        </p>
      ) : null}
    </div>
  );
}
