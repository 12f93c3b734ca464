import * as React from 'react';
import { act, screen } from '@testing-library/react';
import { Countdown, countdownStart } from './Countdown';
import { ProgressBar } from './ProgressBar';
import { renderKit } from './test-utils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
const tick = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

describe('Countdown (§4)', () => {
  it('shows mm:ss and ticks each second down to 00:00', () => {
    const onEnd = jest.fn();
    renderKit(<Countdown minutes={1} seconds={2} onEnd={onEnd} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('01:02');
    tick(999);
    expect(timer).toHaveTextContent('01:02');
    tick(1);
    expect(timer).toHaveTextContent('01:01');
    tick(2000);
    expect(timer).toHaveTextContent('00:59');
    tick(59_000);
    expect(timer).toHaveTextContent('00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    tick(5000);
    expect(timer).toHaveTextContent('00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('takes numbers given as text', () => {
    renderKit(<Countdown minutes="12" seconds="5" />);
    expect(screen.getByRole('timer')).toHaveTextContent('12:05');
  });

  it.each([
    ['non-numeric minutes', 'abc', 10],
    ['negative seconds', 1, -1],
    ['seconds of 60', 1, 60],
    ['seconds above 60', 0, 75],
  ])('%s give 00:00 with a console warning', (_name, minutes, seconds) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderKit(<Countdown minutes={minutes} seconds={seconds} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    expect(warn).toHaveBeenCalled();
    tick(3000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    warn.mockRestore();
  });

  it('a valid start gives no warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(countdownStart(10, 59)).toBe(659);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('ProgressBar (§4)', () => {
  it('counts seconds up from 0 and calls completion once at the delay, 10 s by default', () => {
    const onComplete = jest.fn();
    renderKit(<ProgressBar onComplete={onComplete} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveTextContent('0 из 10 с');
    tick(3000);
    expect(bar).toHaveTextContent('3 из 10 с');
    expect(onComplete).not.toHaveBeenCalled();
    tick(6999);
    expect(onComplete).not.toHaveBeenCalled();
    tick(1);
    expect(bar).toHaveTextContent('10 из 10 с');
    expect(onComplete).toHaveBeenCalledTimes(1);
    tick(10_000);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('takes another delay', () => {
    const onComplete = jest.fn();
    renderKit(<ProgressBar delay={3} onComplete={onComplete} />);
    tick(3000);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('progressbar')).toHaveTextContent('3 из 3 с');
  });

  it('is named by its label (or «Ожидание» without one): a screen reader says what is awaited', () => {
    const { unmount } = renderKit(<ProgressBar label="Запрашиваем расчёт у страховых…" />);
    expect(screen.getByRole('progressbar', { name: 'Запрашиваем расчёт у страховых…' })).toBeInTheDocument();
    unmount();
    renderKit(<ProgressBar />);
    expect(screen.getByRole('progressbar', { name: 'Ожидание' })).toBeInTheDocument();
  });
});
