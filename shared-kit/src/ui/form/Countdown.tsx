import * as React from 'react';
import { ensureFormStyles } from './styles';

export const COUNTDOWN_TICK_MS = 1000;

/**
 * §4: the starting number of seconds from minutes and seconds. Non-numeric, negative, or seconds of
 * 60 or more give 0 (00:00) with a console warning.
 */
export function countdownStart(minutes: unknown, seconds: unknown): number {
  const m = toNumber(minutes);
  const s = toNumber(seconds);
  if (m === null || s === null || m < 0 || s < 0 || s >= 60) {
    console.warn('[oyster] countdown: invalid start', { minutes, seconds });
    return 0;
  }
  return Math.floor(m) * 60 + Math.floor(s);
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** Zero-padded mm:ss (minutes keep every digit above 99). */
export function formatCountdown(totalSeconds: number): string {
  const t = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

export interface CountdownProps {
  minutes: number | string;
  seconds: number | string;
  /** Called once when the countdown reaches 00:00 by ticking. */
  onEnd?(): void;
  style?: React.CSSProperties;
}

/** Counts down each second to 00:00 (§4), e.g. the time left before a webinar starts. */
export function Countdown({ minutes, seconds, onEnd, style }: CountdownProps) {
  ensureFormStyles();
  const start = React.useMemo(() => countdownStart(minutes, seconds), [minutes, seconds]);
  const [left, setLeft] = React.useState(start);
  const onEndRef = React.useRef(onEnd);
  onEndRef.current = onEnd;
  React.useEffect(() => {
    setLeft(start);
    if (start <= 0) return undefined;
    let remaining = start;
    const timer = setInterval(() => {
      remaining -= 1;
      setLeft(remaining);
      if (remaining <= 0) {
        clearInterval(timer);
        onEndRef.current?.();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [start]);
  return (
    <time className="oy-countdown" role="timer" aria-live="off" dateTime={`PT${left}S`} style={style}>
      {formatCountdown(left)}
    </time>
  );
}
