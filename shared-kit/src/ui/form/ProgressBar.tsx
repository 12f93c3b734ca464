import * as React from 'react';
import { Progress } from 'antd';

export const PROGRESS_DEFAULT_DELAY_S = 10;

export interface ProgressBarProps {
  /** Seconds until completion; default 10 (§4). */
  delay?: number;
  /** Called once when the delay is reached. */
  onComplete?(): void;
  /** What is being waited for, read by screen readers and shown above the bar. */
  label?: React.ReactNode;
}

/** Counts seconds up from 0 and calls completion once the delay is reached (§4). */
export function ProgressBar({ delay = PROGRESS_DEFAULT_DELAY_S, onComplete, label }: ProgressBarProps) {
  const total = delay > 0 ? Math.floor(delay) : PROGRESS_DEFAULT_DELAY_S;
  const [elapsed, setElapsed] = React.useState(0);
  const onCompleteRef = React.useRef(onComplete);
  onCompleteRef.current = onComplete;
  React.useEffect(() => {
    setElapsed(0);
    let seconds = 0;
    const timer = setInterval(() => {
      seconds += 1;
      setElapsed(seconds);
      if (seconds >= total) {
        clearInterval(timer);
        onCompleteRef.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [total]);
  const percent = Math.min(100, Math.round((elapsed / total) * 100));
  const labelId = React.useId();
  return (
    <div className="oy-progress">
      {label ? <div id={labelId} style={{ marginBottom: 4, fontSize: 13, color: '#5f6b7a' }}>{label}</div> : null}
      {/* The bar is named by its label (or «Ожидание»): a progressbar without a name is read as nothing. */}
      <Progress
        {...(label ? { 'aria-labelledby': labelId } : { 'aria-label': 'Ожидание' })}
        percent={percent}
        status={elapsed >= total ? 'success' : 'active'}
        format={() => `${elapsed} из ${total} с`}
        aria-valuenow={elapsed}
        aria-valuemin={0}
        aria-valuemax={total}
      />
    </div>
  );
}
