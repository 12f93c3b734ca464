import * as React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AUTO_SAVE_DELAY_MS, autoSaveText, useAutoSave } from './autoSave';

/** A field saved as typed, with the line a details step shows under it. */
function Form({ save, start = '' }: { save: (v: string) => Promise<unknown>; start?: string }) {
  const [value, setValue] = React.useState(start);
  const { state, flush } = useAutoSave(value, save, { enabled: value !== 'плохо' });
  return (
    <>
      <input aria-label="Имя" value={value} onChange={(e) => setValue(e.target.value)} />
      <button onClick={() => void flush()}>Отправить</button>
      <output>{autoSaveText(state) ?? 'Данные сохраняются по мере ввода'}</output>
    </>
  );
}

/** A save the test answers when it wants. */
function deferredSaves() {
  const calls: { value: string; ok(): void; fail(e: unknown): void }[] = [];
  const save = (value: string) => new Promise<void>((ok, fail) => calls.push({ value, ok: () => ok(), fail }));
  return { calls, save };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const type = (value: string) => fireEvent.change(screen.getByLabelText('Имя'), { target: { value } });
const pause = (ms = AUTO_SAVE_DELAY_MS) => act(async () => void jest.advanceTimersByTime(ms));
const settle = () => act(async () => undefined);

describe('useAutoSave — what the agent types goes to the server after a pause, and the line tells the truth', () => {
  it('the value the server gave is not saved back; a change says «Сохраняем…» at once, not «Сохранено» left from an earlier save', async () => {
    const { calls, save } = deferredSaves();
    render(<Form save={save} start="Пётр" />);
    await pause(5 * AUTO_SAVE_DELAY_MS);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Данные сохраняются по мере ввода');

    type('Анна');
    await pause();
    calls[0].ok();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Сохранено');

    // The next keystroke: the earlier «Сохранено» must not stand while this one waits for its pause
    // (a reload in that window would lose it) — seen in CI as a mortgage reload that lost «Анна».
    type('Анна-Мария');
    expect(screen.getByRole('status')).toHaveTextContent('Сохраняем…');
    await pause(AUTO_SAVE_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    await pause(1);
    expect(calls.map((c) => c.value)).toEqual(['Анна', 'Анна-Мария']);
    expect(screen.getByRole('status')).toHaveTextContent('Сохраняем…');
    calls[1].ok();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Сохранено');
  });

  it('one save at a time, in order; an older save ending does not say «Сохранено» while a newer value is not on the server', async () => {
    const { calls, save } = deferredSaves();
    render(<Form save={save} />);
    type('А');
    await pause();
    type('Ан');
    await pause();
    // The second waits for the first: two whole-details saves overlapping could land the older last.
    expect(calls.map((c) => c.value)).toEqual(['А']);
    calls[0].ok();
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['А', 'Ан']);
    expect(screen.getByRole('status')).toHaveTextContent('Сохраняем…');
    calls[1].ok();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Сохранено');
  });

  it('a failed save says «Не сохранено» with the reason; a value that is not well-formed is not sent', async () => {
    const { calls, save } = deferredSaves();
    render(<Form save={save} />);
    type('Анна');
    await pause();
    calls[0].fail(new Error('Нет связи с сервером'));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Не сохранено: Нет связи с сервером');
    type('плохо');
    await pause(5 * AUTO_SAVE_DELAY_MS);
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Данные сохраняются по мере ввода');
  });

  it('«Отправить» saves the newest value at once; leaving inside the pause sends what waits', async () => {
    const { calls, save } = deferredSaves();
    const { unmount } = render(<Form save={save} />);
    type('Анна');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['Анна']);
    calls[0].ok();
    await settle();
    await pause(5 * AUTO_SAVE_DELAY_MS);
    expect(calls).toHaveLength(1);

    type('Анна Петровна');
    unmount();
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['Анна', 'Анна Петровна']);
  });
});
