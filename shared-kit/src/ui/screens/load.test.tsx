import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import { HttpError } from '@oyster/shared-kit/runtime';
import { errorText, useDebounced, useLoad, type UseLoad } from './load';

/** A load whose answers the test gives by hand, one deferred promise per call. */
function deferredLoads<T>() {
  const calls: Array<{ signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const load = (signal: AbortSignal) => new Promise<T>((resolve, reject) => calls.push({ signal, resolve, reject }));
  return { calls, load };
}

function Probe<T>({ load, dep, keepPrevious, onRender }: { load: (s: AbortSignal) => Promise<T>; dep: number; keepPrevious?: boolean; onRender: (l: UseLoad<T>) => void }) {
  const l = useLoad(load, [dep], { keepPrevious });
  onRender(l);
  return <output>{JSON.stringify(l.state)}</output>;
}

function mount<T>(load: (s: AbortSignal) => Promise<T>, keepPrevious?: boolean) {
  let last!: UseLoad<T>;
  const onRender = (l: UseLoad<T>) => (last = l);
  const view = render(<Probe load={load} dep={1} keepPrevious={keepPrevious} onRender={onRender} />);
  const setDep = (dep: number) => view.rerender(<Probe load={load} dep={dep} keepPrevious={keepPrevious} onRender={onRender} />);
  return { current: () => last, setDep };
}

describe('useLoad', () => {
  it('loads, and a newer load aborts the older one so a slow answer never overwrites a fresh one', async () => {
    const { calls, load } = deferredLoads<string>();
    const l = mount(load);
    expect(l.current().state).toEqual({ status: 'loading' });
    l.setDep(2);
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[1].resolve('свежее'));
    await act(async () => calls[0].resolve('старое'));
    expect(l.current().state).toEqual({ status: 'ready', data: 'свежее', refreshing: false });
  });

  it('with keepPrevious keeps the shown data, marked refreshing, while the next load runs', async () => {
    const { calls, load } = deferredLoads<number[]>();
    const l = mount(load, true);
    await act(async () => calls[0].resolve([1, 2]));
    l.setDep(2);
    expect(l.current().state).toEqual({ status: 'ready', data: [1, 2], refreshing: true });
    await act(async () => calls[1].resolve([3]));
    expect(l.current().state).toEqual({ status: 'ready', data: [3], refreshing: false });
  });

  it('refresh reads again in place: the data stays, marked refreshing; a failed refresh leaves it shown; reload still shows loading', async () => {
    const { calls, load } = deferredLoads<number>();
    const l = mount(load);
    await act(async () => calls[0].resolve(1));
    act(() => l.current().refresh());
    expect(l.current().state).toEqual({ status: 'ready', data: 1, refreshing: true });
    await act(async () => calls[1].resolve(2));
    expect(l.current().state).toEqual({ status: 'ready', data: 2, refreshing: false });
    act(() => l.current().refresh());
    await act(async () => calls[2].reject(new Error('Сервис временно недоступен')));
    expect(l.current().state).toEqual({ status: 'ready', data: 2, refreshing: false });
    act(() => l.current().reload());
    expect(l.current().state).toEqual({ status: 'loading' });
  });

  it('without keepPrevious falls back to loading', async () => {
    const { calls, load } = deferredLoads<number>();
    const l = mount(load);
    await act(async () => calls[0].resolve(1));
    l.setDep(2);
    expect(l.current().state).toEqual({ status: 'loading' });
  });

  it('a failure carries the message and the HTTP status; reload tries again; update changes the data in place', async () => {
    const { calls, load } = deferredLoads<{ n: number }>();
    const l = mount(load);
    await act(async () => calls[0].reject(new HttpError(404, 'Не найдено', { errorMessage: 'Курс не найден' })));
    expect(l.current().state).toEqual({ status: 'error', message: 'Курс не найден', httpStatus: 404 });
    act(() => l.current().reload());
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].resolve({ n: 1 }));
    act(() => l.current().update((d) => ({ n: d.n + 1 })));
    expect(l.current().state).toEqual({ status: 'ready', data: { n: 2 }, refreshing: false });
    expect(calls).toHaveLength(2);
  });
});

describe('errorText', () => {
  it("reads the server's errorMessage first, then the error's message, then a plain sentence", () => {
    expect(errorText(new HttpError(400, 'Неверный запрос', { errorMessage: 'Новость не найдена' }))).toBe('Новость не найдена');
    expect(errorText(new HttpError(500, 'Ошибка сервера', { errorMessage: '  ' }))).toBe('Ошибка сервера');
    expect(errorText(new Error('Сеть недоступна'))).toBe('Сеть недоступна');
    expect(errorText('что-то')).toBe('Не удалось загрузить данные');
  });
});

describe('useDebounced', () => {
  it('gives the value once it stopped changing', () => {
    jest.useFakeTimers();
    try {
      function Box({ value }: { value: string }) {
        return <output>{useDebounced(value, 300)}</output>;
      }
      const view = render(<Box value="о" />);
      view.rerender(<Box value="осаго" />);
      expect(screen.getByRole('status')).toHaveTextContent(/^о$/);
      act(() => void jest.advanceTimersByTime(300));
      expect(screen.getByRole('status')).toHaveTextContent('осаго');
    } finally {
      jest.useRealTimers();
    }
  });
});
