import * as React from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import {
  AddressSuggestInput,
  BankSuggestInput,
  BicSuggestInput,
  EmailSuggestInput,
  FirstNameSuggestInput,
  IssuerSuggestInput,
  LastNameSuggestInput,
  MiddleNameSuggestInput,
  SuggestFetcherProvider,
  type SuggestFetcher,
} from './suggest';
import { setRuntime, type Runtime } from '@oyster/shared-kit/runtime';
import { Controlled, renderKit } from './test-utils';

const suggestion = (value: string, data: Record<string, unknown> = {}) => ({ value, unrestricted_value: value, data });
const answer = (...values: string[]) => ({ suggestions: values.map((v) => suggestion(v)) });

/** A fetcher whose answers the test decides; records every call. */
function fakeFetcher(reply: (kind: string, body: Record<string, unknown>) => unknown) {
  const calls: Array<{ kind: string; body: Record<string, unknown>; signal: AbortSignal }> = [];
  const fetcher: SuggestFetcher = jest.fn(async (kind, body, signal) => {
    calls.push({ kind, body, signal });
    const r = reply(kind, body);
    if (r instanceof Error) throw r;
    return r;
  });
  return { fetcher, calls };
}

async function wait(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  // let the fetcher's promise settle and React render
  await act(async () => {
    await Promise.resolve();
  });
}

const items = () => screen.queryAllByRole('option').map((o) => o.textContent);

function mount(Input: React.ComponentType<any>, fetcher: SuggestFetcher, extra: Record<string, unknown> = {}, initial = '', label = 'поле') {
  const onValue = jest.fn();
  const onSelect = jest.fn();
  renderKit(
    <SuggestFetcherProvider fetcher={fetcher}>
      <Controlled<string> initial={initial} onValue={onValue} render={(v, on) => <Input aria-label={label} value={v} onChange={on} onSelect={onSelect} {...extra} />} />
    </SuggestFetcherProvider>,
  );
  const input = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
  return { input, onValue, onSelect };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

describe('address suggestions (§4, §9)', () => {
  it('searches 500 ms after the last key, then opens the list', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer('г Москва, ул Тверская', 'г Москва, ул Тверская-Ямская 1-я'));
    const { input } = mount(AddressSuggestInput, fetcher);
    type(input, 'Тве');
    await wait(300);
    type(input, 'Твер');
    await wait(499);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls).toEqual([expect.objectContaining({ kind: 'address', body: { query: 'Твер', count: 10 } })]);
    expect(items()).toEqual(['г Москва, ул Тверская', 'г Москва, ул Тверская-Ямская 1-я']);
  });

  it('shows at most 10 items in a list at most 160px high', async () => {
    const { fetcher } = fakeFetcher(() => answer(...Array.from({ length: 15 }, (_, i) => `г Москва, ул Ленина, д ${i + 1}`)));
    const { input } = mount(AddressSuggestInput, fetcher);
    type(input, 'Ленина');
    await wait(500);
    expect(items()).toHaveLength(10);
    expect((document.querySelector('.ant-select-dropdown-list-holder') as HTMLElement).style.maxHeight).toBe('160px');
  });

  it('choosing fills the input, closes the list and cancels the pending search', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer('г Москва, ул Тверская, д 1', 'г Москва, ул Тверская, д 2'));
    const { input, onValue, onSelect } = mount(AddressSuggestInput, fetcher);
    type(input, 'Тверская');
    await wait(500);
    type(input, 'Тверская, д'); // a new search is pending…
    fireEvent.click(screen.getByRole('option', { name: 'г Москва, ул Тверская, д 2' }));
    expect(onValue).toHaveBeenLastCalledWith('г Москва, ул Тверская, д 2');
    expect(input.value).toBe('г Москва, ул Тверская, д 2');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ value: 'г Москва, ул Тверская, д 2' }));
    await wait(1000);
    expect(calls).toHaveLength(1); // …and never sent
    expect(items()).toEqual([]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('an emptied field closes the list and clears the selection', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer('г Казань'));
    const { input, onSelect } = mount(AddressSuggestInput, fetcher);
    type(input, 'Каз');
    await wait(500);
    expect(items()).toEqual(['г Казань']);
    type(input, 'Казан');
    type(input, '');
    expect(onSelect).toHaveBeenLastCalledWith(null);
    await wait(1000);
    expect(calls).toHaveLength(1);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('focus opens the list for the text already there', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer('г Самара'));
    const { input } = mount(AddressSuggestInput, fetcher, {}, 'Самара');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.focus(input);
    await wait(500);
    expect(calls[0].body).toEqual({ query: 'Самара', count: 10 });
    expect(items()).toEqual(['г Самара']);
  });

  it('a failed call shows no list and is logged to the console', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetcher } = fakeFetcher(() => new Error('503'));
    const { input } = mount(AddressSuggestInput, fetcher);
    type(input, 'Тверская');
    await wait(500);
    expect(items()).toEqual([]);
    expect(error).toHaveBeenCalledWith('[oyster] /suggest/address failed', expect.any(Error));
    error.mockRestore();
  });

  it('an unreadable answer shows no list and is logged to the console', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetcher } = fakeFetcher(() => '<html>gateway</html>');
    const { input } = mount(AddressSuggestInput, fetcher);
    type(input, 'Тверская');
    await wait(500);
    expect(items()).toEqual([]);
    expect(error).toHaveBeenCalledWith('[oyster] /suggest/address: unreadable answer', '<html>gateway</html>');
    error.mockRestore();
  });

  it('an answer that arrives after a newer search started is dropped', async () => {
    let resolveFirst: (v: unknown) => void = () => undefined;
    const fetcher: SuggestFetcher = jest.fn((_k, body) =>
      body.query === 'Мос' ? new Promise((r) => (resolveFirst = r)) : Promise.resolve(answer('г Москва, ул Мосфильмовская')),
    );
    const { input } = mount(AddressSuggestInput, fetcher);
    type(input, 'Мос');
    await wait(500);
    type(input, 'Мосф');
    await wait(500);
    await act(async () => resolveFirst(answer('г Москва')));
    expect(items()).toEqual(['г Москва, ул Мосфильмовская']);
  });
});

describe('name suggestions (§4, §5)', () => {
  it('ask for their part, keep to the gender and wait 300 ms', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer('Сергеевна'));
    const { input } = mount(MiddleNameSuggestInput, fetcher, { gender: 'FEMALE' });
    type(input, 'серг');
    await wait(299);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls[0]).toEqual(expect.objectContaining({ kind: 'fio', body: { query: 'Серг', parts: ['PATRONYMIC'], gender: 'FEMALE', count: 10 } }));
    expect(items()).toEqual(['Сергеевна']);
  });

  it('first and last names ask for NAME and SURNAME; an unknown gender is not sent', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer());
    const { input } = mount(FirstNameSuggestInput, fetcher, { gender: 'UNKNOWN' }, '', 'Имя');
    type(input, 'Анн');
    await wait(300);
    expect(calls[0].body).toEqual({ query: 'Анн', parts: ['NAME'], count: 10 });
  });

  it('keep only Russian letters and hyphens while typing and put the name in name case on blur', async () => {
    const { fetcher } = fakeFetcher(() => answer());
    const { input, onValue } = mount(LastNameSuggestInput, fetcher);
    type(input, 'римский-корсаков 2');
    expect(onValue).toHaveBeenLastCalledWith('Римский-корсаков');
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith('Римский-Корсаков');
  });
});

describe('bank, issuer and email suggestions (§4, §9)', () => {
  const BANK = suggestion('ПАО Сбербанк', { bic: '044525225', correspondent_account: '30101810400000000225', name: { payment: 'ПАО Сбербанк', short: 'Сбербанк' } });

  it('a bank waits 500 ms, shows the BIC under the name and fills the name', async () => {
    const { fetcher, calls } = fakeFetcher(() => ({ suggestions: [BANK] }));
    const { input, onValue, onSelect } = mount(BankSuggestInput, fetcher);
    type(input, 'сбер');
    await wait(499);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls[0]).toEqual(expect.objectContaining({ kind: 'bank', body: { query: 'сбер', count: 10 } }));
    const option = screen.getByRole('option');
    expect(option).toHaveTextContent('ПАО Сбербанк');
    expect(option).toHaveTextContent('БИК 044525225');
    fireEvent.click(option);
    expect(onValue).toHaveBeenLastCalledWith('ПАО Сбербанк');
    expect(onSelect).toHaveBeenLastCalledWith(BANK);
  });

  it('a BIC keeps digits only, waits 500 ms and fills the BIC', async () => {
    const { fetcher, calls } = fakeFetcher(() => ({ suggestions: [BANK] }));
    const { input, onValue } = mount(BicSuggestInput, fetcher);
    type(input, '04452 x');
    expect(onValue).toHaveBeenLastCalledWith('04452');
    await wait(500);
    expect(calls[0].body).toEqual({ query: '04452', count: 10 });
    fireEvent.click(screen.getByRole('option'));
    expect(onValue).toHaveBeenLastCalledWith('044525225');
  });

  it('a passport issuer waits 100 ms and fills the unit’s name', async () => {
    const unit = suggestion('ОВД района Арбат г. Москвы', { code: '772-001', name: 'ОВД района Арбат г. Москвы', region_code: '77', type: '2' });
    const { fetcher, calls } = fakeFetcher(() => ({ suggestions: [unit] }));
    const { input, onValue } = mount(IssuerSuggestInput, fetcher);
    type(input, '772');
    await wait(99);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls[0].kind).toBe('fms_unit');
    expect(screen.getByRole('option')).toHaveTextContent('Код подразделения 772-001');
    fireEvent.click(screen.getByRole('option'));
    expect(onValue).toHaveBeenLastCalledWith('ОВД района Арбат г. Москвы');
  });

  it('an email is sent as typed', async () => {
    const { fetcher, calls } = fakeFetcher(() => answer('Ivan.Petrov@mail.ru'));
    const { input, onValue } = mount(EmailSuggestInput, fetcher);
    type(input, 'Ivan.Petrov@');
    expect(onValue).toHaveBeenLastCalledWith('Ivan.Petrov@');
    await wait(300);
    expect(calls[0]).toEqual(expect.objectContaining({ kind: 'email', body: { query: 'Ivan.Petrov@', count: 10 } }));
    expect(items()).toEqual(['Ivan.Petrov@mail.ru']);
  });
});

describe('the default fetcher', () => {
  it('posts to the gateway’s /suggest/<kind> through the shell’s client, silently', async () => {
    const post = jest.fn(async () => answer('г Тула'));
    setRuntime({ http: { post } } as unknown as Runtime);
    const onValue = jest.fn();
    renderKit(<Controlled<string> initial="" onValue={onValue} render={(v, on) => <AddressSuggestInput aria-label="Адрес" value={v} onChange={on} />} />);
    type(screen.getByRole('combobox', { name: 'Адрес' }), 'Тула');
    await wait(500);
    expect(post).toHaveBeenCalledWith('/suggest/address', { query: 'Тула', count: 10 }, { silent: true, signal: expect.any(AbortSignal) });
    expect(items()).toEqual(['г Тула']);
  });
});
