import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import { Empty, Skeleton } from '@oyster/shared-kit/ui';

/** Grey placeholders while a list or a page loads; announced to screen readers as «Загрузка». */
export function LoadingBlock({ rows = 3, variant = 'list' }: { rows?: number; variant?: 'list' | 'page' | 'grid' | 'compact' }) {
  return (
    <div role="status" aria-label="Загрузка" aria-busy="true" className={`oy-learn-loading oy-learn-loading--${variant}`}>
      {variant === 'page' ? (
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 8 }} />
      ) : variant === 'compact' ? (
        Array.from({ length: rows }, (_, i) => <Skeleton key={i} active title={{ width: '85%' }} paragraph={{ rows: 1, width: '40%' }} />)
      ) : (
        Array.from({ length: rows }, (_, i) => (
          <div key={i} className="oy-learn-card oy-learn-card--skeleton">
            <Skeleton active title={{ width: '50%' }} paragraph={{ rows: variant === 'grid' ? 3 : 2 }} />
          </div>
        ))
      )}
    </div>
  );
}

/** Nothing to show: a plain sentence, and what the user can do about it (editors: create). */
export function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="oy-learn-empty" data-testid="learning-empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
        {children}
      </Empty>
    </div>
  );
}

/** A failed load, in place, with «Повторить». */
export function ErrorState({ title, message, onRetry, compact }: { title: string; message?: string; onRetry?: () => void; compact?: boolean }) {
  return (
    <div role="alert" className={`oy-learn-error${compact ? ' oy-learn-error--compact' : ''}`}>
      <div className="oy-learn-error__text">
        <strong>{title}</strong>
        {message && message !== title ? <span>{message}</span> : null}
      </div>
      {onRetry ? (
        <Button size={compact ? 'small' : 'middle'} onClick={onRetry}>
          Повторить
        </Button>
      ) : null}
    </div>
  );
}
