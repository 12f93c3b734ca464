import * as React from 'react';
import type { Progress as ProgressValue } from '@oyster/shared-kit/domain';

/** «Пройдено 2 из 5» with a bar; a finished course says so. */
export function CourseProgress({ progress, size = 'default' }: { progress: ProgressValue; size?: 'small' | 'default' }) {
  const { completed, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.round((completed / total) * 100)) : 0;
  const done = total > 0 && completed >= total;
  const text = done ? 'Курс пройден' : total > 0 ? `Пройдено ${completed} из ${total}` : 'Уроков пока нет';
  return (
    <div className={`oy-learn-progress oy-learn-progress--${size}${done ? ' oy-learn-progress--done' : ''}`}>
      <div className="oy-learn-progress__track" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={completed} aria-label={text}>
        <div className="oy-learn-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="oy-learn-progress__text">{text}</span>
    </div>
  );
}
