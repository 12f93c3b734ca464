import * as React from 'react';
import { AutoComplete, Input } from 'antd';
import {
  DEBOUNCE_MS,
  SUGGESTION_LIST_MAX_ITEMS,
  cleanSuggestionText,
  nameCase,
  type AddressBound,
  type DadataAddress,
  type DadataBank,
  type DadataEmail,
  type DadataFio,
  type DadataFmsUnit,
  type DadataGender,
  type DadataSuggestion,
  type FioPart,
  type SuggestKind,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { inputAttrs, type BaseInputProps } from './MaskedInput';
import { ensureFormStyles } from './styles';

/** §9: suggestion lists are at most 160px high. */
export const SUGGESTION_LIST_MAX_HEIGHT = 160;

/** §9 debounces (shared-kit/domain DEBOUNCE_MS). */
export const SUGGEST_DEBOUNCE_MS = {
  address: DEBOUNCE_MS.address,
  bank: DEBOUNCE_MS.bank,
  bic: DEBOUNCE_MS.bic,
  issuer: DEBOUNCE_MS.passportIssuer,
  fio: DEBOUNCE_MS.fio,
  email: DEBOUNCE_MS.email,
} as const;

/**
 * Sends one suggestion request: POST /suggest/{kind} with the body, answering DaData's
 * `{ suggestions: [...] }`. Injectable (tests, harnesses, a remote with its own gateway).
 */
export type SuggestFetcher = (kind: SuggestKind | string, body: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

/** The shell's HTTP client, silent: a failed suggestion never raises a toast (§8: logged only). */
export const defaultSuggestFetcher: SuggestFetcher = (kind, body, signal) =>
  getRuntime().http.post(`/suggest/${kind}`, body, { silent: true, signal });

const SuggestFetcherContext = React.createContext<SuggestFetcher | null>(null);

/** Gives every suggestion input below this fetcher (a harness, a test, the kit page). */
export function SuggestFetcherProvider({ fetcher, children }: { fetcher: SuggestFetcher; children?: React.ReactNode }) {
  return <SuggestFetcherContext.Provider value={fetcher}>{children}</SuggestFetcherContext.Provider>;
}

/** The suggestions of an answer, or false when it is not `{ suggestions: [{ value, data }] }` (§8). */
export function readSuggestions<D = unknown>(raw: unknown): DadataSuggestion<D>[] | false {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { suggestions?: unknown }).suggestions)) return false;
  const list = (raw as { suggestions: unknown[] }).suggestions;
  if (!list.every((s) => !!s && typeof s === 'object' && typeof (s as { value?: unknown }).value === 'string')) return false;
  return (list as DadataSuggestion<D>[]).map((s) => ({ ...s, unrestricted_value: s.unrestricted_value ?? s.value }));
}

export interface SuggestionInputProps<D> extends BaseInputProps<string> {
  /** Gateway path after /suggest/. */
  kind: SuggestKind | string;
  /** Request body for a query (count is added). */
  request?(query: string): Record<string, unknown>;
  debounceMs: number;
  /** Overrides the context's (or the default) fetcher. */
  fetcher?: SuggestFetcher;
  /** A suggestion was chosen; null when the field was emptied (the selection is cleared). */
  onSelect?(suggestion: DadataSuggestion<D> | null): void;
  /** The text put into the field when a suggestion is chosen; default its value. */
  fillWith?(suggestion: DadataSuggestion<D>): string;
  /** How a suggestion is shown in the list; default its value. */
  renderItem?(suggestion: DadataSuggestion<D>): React.ReactNode;
  /** Applied to what is typed (e.g. §5 suggestion-text cleaning). */
  normalize?(text: string): string;
  /** Applied when the field loses focus (e.g. §5 name case). */
  normalizeOnBlur?(text: string): string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The list is at least this wide (px) even under a narrow field; default the field's width. */
  listMinWidth?: number;
}

const OPTION_KEY_PREFIX = 'oy-suggestion-';
const optionKey = (i: number) => `${OPTION_KEY_PREFIX}${i}`;

/**
 * A text input with suggestions from the gateway (§4): focus or typing opens the list; typing
 * searches after the debounce; an empty value closes the list and clears the selection; choosing
 * fills the input, cancels the pending search and closes. At most 10 items in a list of at most
 * 160px. A failed or unreadable answer shows no list and is logged to the console (§8).
 */
export function SuggestionInput<D>(props: SuggestionInputProps<D>) {
  ensureFormStyles();
  const { kind, request, debounceMs, value, onChange, onBlur, onFocus, onSelect, fillWith, renderItem, normalize, normalizeOnBlur, disabled } = props;
  const contextFetcher = React.useContext(SuggestFetcherContext);
  const fetcher = props.fetcher ?? contextFetcher ?? defaultSuggestFetcher;
  const [items, setItems] = React.useState<DadataSuggestion<D>[]>([]);
  const [open, setOpen] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = React.useRef<AbortController | null>(null);
  /** The query whose answer is in `items` (or under way). */
  const asked = React.useRef<string | null>(null);
  const latest = React.useRef({ fetcher, request, kind });
  latest.current = { fetcher, request, kind };

  const cancel = React.useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);
  React.useEffect(() => cancel, [cancel]);

  const run = React.useCallback((query: string) => {
    timer.current = null;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    asked.current = query;
    const { fetcher: send, request: build, kind: k } = latest.current;
    const body = { ...(build ? build(query) : { query }), count: SUGGESTION_LIST_MAX_ITEMS };
    let answer: Promise<unknown>;
    try {
      answer = Promise.resolve(send(k, body, controller.signal));
    } catch (e) {
      answer = Promise.reject(e);
    }
    answer.then(
      (raw) => {
        if (inFlight.current !== controller) return;
        inFlight.current = null;
        const list = readSuggestions<D>(raw);
        if (list === false) {
          console.error(`[oyster] /suggest/${k}: unreadable answer`, raw);
          setItems([]);
          return;
        }
        setItems(list.slice(0, SUGGESTION_LIST_MAX_ITEMS));
      },
      (e: unknown) => {
        if (inFlight.current !== controller) return; // cancelled or superseded
        inFlight.current = null;
        asked.current = null;
        console.error(`[oyster] /suggest/${k} failed`, e);
        setItems([]);
      },
    );
  }, []);

  const schedule = (query: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => run(query), debounceMs);
  };

  const text = value ?? '';
  /** What the field holds now (typing changes it before the parent re-renders). */
  const current = React.useRef(text);
  current.current = text;

  const onType = (raw: string) => {
    const next = normalize ? normalize(raw) : raw;
    current.current = next;
    onChange(next);
    if (next.trim() === '') {
      cancel();
      asked.current = null;
      setItems([]);
      setOpen(false);
      onSelect?.(null);
      return;
    }
    setOpen(true);
    schedule(next);
  };

  const choose = (key: string) => {
    const index = Number(key.replace(OPTION_KEY_PREFIX, ''));
    const s = items[index];
    if (!s) return;
    cancel();
    const filled = fillWith ? fillWith(s) : s.value;
    asked.current = filled;
    current.current = filled;
    onChange(filled);
    setOpen(false);
    onSelect?.(s);
  };

  const options = items.map((s, i) => ({
    value: optionKey(i),
    label: renderItem ? renderItem(s) : s.value,
  }));
  const attrs = inputAttrs(props);

  return (
    <AutoComplete
      id={attrs.id}
      value={text}
      options={options}
      open={open && items.length > 0}
      disabled={disabled}
      status={attrs.status}
      style={{ width: '100%', ...props.style }}
      listHeight={SUGGESTION_LIST_MAX_HEIGHT}
      popupMatchSelectWidth={props.listMinWidth ?? true}
      virtual={false}
      defaultActiveFirstOption={false}
      showSearch={{ onSearch: onType, filterOption: false }}
      onSelect={(key: string) => choose(key)}
      onOpenChange={(next) => setOpen(next && current.current.trim() !== '')}
      onFocus={(e) => {
        if (text.trim() !== '') {
          setOpen(true);
          if (asked.current !== text) schedule(text);
        }
        onFocus?.(e as React.FocusEvent<HTMLInputElement>);
      }}
      onBlur={(e) => {
        setOpen(false);
        if (normalizeOnBlur && text) {
          const fixed = normalizeOnBlur(text);
          if (fixed !== text) onChange(fixed);
        }
        onBlur?.(e as React.FocusEvent<HTMLInputElement>);
      }}
    >
      <Input
        name={attrs.name}
        status={attrs.status}
        placeholder={attrs.placeholder}
        autoComplete="off"
        inputMode={props.inputMode}
        aria-label={attrs['aria-label']}
        aria-invalid={attrs['aria-invalid']}
        aria-describedby={attrs['aria-describedby']}
        aria-required={attrs['aria-required']}
      />
    </AutoComplete>
  );
}

type Kit<D, Extra = object> = Omit<SuggestionInputProps<D>, 'kind' | 'request' | 'debounceMs' | 'fillWith' | 'renderItem' | 'normalize' | 'normalizeOnBlur'> &
  Partial<Pick<SuggestionInputProps<D>, 'renderItem'>> &
  Extra;

/** One suggestion line: the main text and a grey hint under it (also the record pickers'). */
export function SuggestionItem({ main, hint }: { main: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <span className="oy-suggest-item">
      <span>{main}</span>
      {hint ? <span className="oy-suggest-item__hint">{hint}</span> : null}
    </span>
  );
}

// ─── address ────────────────────────────────────────────────────────────────────────────────────
export interface AddressSuggestExtra {
  /** Limit the search (DaData `locations`), e.g. [{ region: 'Москва' }]. */
  locations?: Array<Record<string, string>>;
  fromBound?: AddressBound;
  toBound?: AddressBound;
}

/** An address with suggestions (500 ms). */
export function AddressSuggestInput({ locations, fromBound, toBound, ...props }: Kit<Partial<DadataAddress> | null, AddressSuggestExtra>) {
  return (
    <SuggestionInput
      {...props}
      kind="address"
      debounceMs={SUGGEST_DEBOUNCE_MS.address}
      request={(query) => ({
        query,
        ...(locations ? { locations } : {}),
        ...(fromBound ? { from_bound: { value: fromBound } } : {}),
        ...(toBound ? { to_bound: { value: toBound } } : {}),
      })}
    />
  );
}

// ─── names ──────────────────────────────────────────────────────────────────────────────────────
export interface NameSuggestExtra {
  /** Known gender: the suggestions keep to it (a patronymic after a chosen male first name…). */
  gender?: DadataGender | null;
}

function nameInput(part: FioPart, displayName: string) {
  const Component = ({ gender, ...props }: Kit<Partial<DadataFio> | null, NameSuggestExtra>) => (
    <SuggestionInput
      {...props}
      kind="fio"
      debounceMs={SUGGEST_DEBOUNCE_MS.fio}
      request={(query) => ({ query, parts: [part], ...(gender && gender !== 'UNKNOWN' ? { gender } : {}) })}
      normalize={(t) => cleanSuggestionText(t)}
      normalizeOnBlur={(t) => nameCase(t)}
    />
  );
  Component.displayName = displayName;
  return Component;
}

/** Фамилия with suggestions (300 ms), name case on blur. */
export const LastNameSuggestInput = nameInput('SURNAME', 'LastNameSuggestInput');
/** Имя with suggestions (300 ms), name case on blur. */
export const FirstNameSuggestInput = nameInput('NAME', 'FirstNameSuggestInput');
/** Отчество with suggestions (300 ms) of the given gender, name case on blur. */
export const MiddleNameSuggestInput = nameInput('PATRONYMIC', 'MiddleNameSuggestInput');

// ─── bank ───────────────────────────────────────────────────────────────────────────────────────
const bankItem = (s: DadataSuggestion<Partial<DadataBank> | null>) => (
  <SuggestionItem main={s.value} hint={[s.data?.bic ? `БИК ${s.data.bic}` : null, s.data?.address?.value].filter(Boolean).join(', ')} />
);

/** A bank by name or BIC (500 ms); choosing puts the bank's name into the field. */
export function BankSuggestInput(props: Kit<Partial<DadataBank> | null>) {
  return <SuggestionInput renderItem={bankItem} listMinWidth={360} {...props} kind="bank" debounceMs={SUGGEST_DEBOUNCE_MS.bank} fillWith={(s) => s.value} />;
}

/** A BIC (500 ms); choosing puts the bank's BIC into the field. */
export function BicSuggestInput(props: Kit<Partial<DadataBank> | null>) {
  return (
    <SuggestionInput
      renderItem={bankItem}
      listMinWidth={360}
      inputMode="numeric"
      {...props}
      kind="bank"
      debounceMs={SUGGEST_DEBOUNCE_MS.bic}
      normalize={(t) => t.replace(/\D/g, '').slice(0, 9)}
      fillWith={(s) => s.data?.bic ?? s.value}
    />
  );
}

// ─── passport issuer ────────────────────────────────────────────────────────────────────────────
/** Кем выдан: the issuing unit by name or code (100 ms); choosing puts its name into the field. */
export function IssuerSuggestInput(props: Kit<Partial<DadataFmsUnit> | null>) {
  return (
    <SuggestionInput
      renderItem={(s) => <SuggestionItem main={s.data?.name ?? s.value} hint={s.data?.code ? `Код подразделения ${s.data.code}` : null} />}
      listMinWidth={360}
      {...props}
      kind="fms_unit"
      debounceMs={SUGGEST_DEBOUNCE_MS.issuer}
      fillWith={(s) => s.data?.name ?? s.value}
    />
  );
}

// ─── email ──────────────────────────────────────────────────────────────────────────────────────
/** An email with suggestions (300 ms); what is typed is never changed (§5). */
export function EmailSuggestInput(props: Kit<Partial<DadataEmail> | null>) {
  return (
    <SuggestionInput
      inputMode="email"
      {...props}
      kind="email"
      debounceMs={SUGGEST_DEBOUNCE_MS.email}
      normalize={(t) => cleanSuggestionText(t, { email: true })}
    />
  );
}
