import * as React from 'react';
import { errorText } from '@oyster/shared-kit/ui/screens';

export type AutoSaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; message: string };

/** The line under a details step for a save state; null before anything was typed (each step says its own then). */
export function autoSaveText(state: AutoSaveState): string | null {
  if (state.status === 'saving') return 'Сохраняем…';
  if (state.status === 'saved') return 'Сохранено';
  if (state.status === 'error') return `Не сохранено: ${state.message}`;
  return null;
}

/** The pause in typing after which what is typed goes to the server. */
export const AUTO_SAVE_DELAY_MS = 600;

/**
 * Saves `value` on the server as the agent types: after a pause, when it is well-formed (`enabled`), one save at
 * a time and in order (two overlapping saves of the whole details could land the older last and drop a field).
 * The state says «saving» from the first keystroke until the newest value is on the server — not «saved» while
 * a change still waits for its pause (a reload then would lose it, and the line would have said it was kept).
 * The first value is what the server gave: it is not saved back. `flush()` saves the newest value now and
 * resolves once it is on the server (before «Отправить»).
 */
export function useAutoSave<T>(value: T, save: (value: T) => Promise<unknown>, { enabled, delayMs = AUTO_SAVE_DELAY_MS }: { enabled: boolean; delayMs?: number }) {
  const [state, setState] = React.useState<AutoSaveState>({ status: 'idle' });
  const json = JSON.stringify(value);
  const first = React.useRef(true);
  const latest = React.useRef({ value, change: 0 });
  const queue = React.useRef<Promise<unknown>>(Promise.resolve());
  const timer = React.useRef<number | undefined>(undefined);
  const saveRef = React.useRef(save);
  saveRef.current = save;
  latest.current.value = value;

  /** Queues the save of the newest value; its end sets the state only if no change came after it. */
  const send = React.useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const { value: now, change } = latest.current;
    const turn = queue.current.then(() => saveRef.current(now));
    queue.current = turn.catch(() => undefined);
    turn.then(
      () => latest.current.change === change && setState({ status: 'saved' }),
      (e) => latest.current.change === change && setState({ status: 'error', message: errorText(e) }),
    );
    return turn;
  }, []);

  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current.change += 1;
    if (!enabled) {
      // Not well-formed yet: nothing goes out, and the line no longer says the last value was saved.
      window.clearTimeout(timer.current);
      timer.current = undefined;
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'saving' });
    timer.current = window.setTimeout(() => void send().catch(() => undefined), delayMs);
  }, [json, enabled, delayMs, send]);

  // Leaving the step inside the pause (a link, «Назад») sends what waits rather than dropping it.
  React.useEffect(
    () => () => {
      if (timer.current !== undefined) void send().catch(() => undefined);
    },
    [send],
  );

  return { state, flush: send };
}
