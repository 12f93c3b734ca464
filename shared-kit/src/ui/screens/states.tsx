import * as React from 'react';
import { Button, Spin } from '@oyster/shared-kit/ui/base';
import { Empty, Skeleton } from '@oyster/shared-kit/ui/parts';
import type { UseLoad } from './load';
import './screens.css';

/** A remote's screens name their test ids after it (`<ScreenScope name="learning">`: `learning-empty`). */
const ScopeName = React.createContext<string | null>(null);

export function ScreenScope({ name, children }: { name: string; children: React.ReactNode }) {
  return <ScopeName.Provider value={name}>{children}</ScopeName.Provider>;
}

export interface LoadingBlockProps {
  rows?: number;
  variant?: 'list' | 'page' | 'grid' | 'compact';
}

/** Grey placeholders while a list or a page loads; announced to screen readers as «Загрузка». */
export function LoadingBlock({ rows = 3, variant = 'list' }: LoadingBlockProps) {
  return (
    <div role="status" aria-label="Загрузка" aria-busy="true" className={`oy-screen-loading oy-screen-loading--${variant}`}>
      {variant === 'page' ? (
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 8 }} />
      ) : variant === 'compact' ? (
        Array.from({ length: rows }, (_, i) => <Skeleton key={i} active title={{ width: '85%' }} paragraph={{ rows: 1, width: '40%' }} />)
      ) : (
        Array.from({ length: rows }, (_, i) => (
          <div key={i} className="oy-screen-skeleton-card">
            <Skeleton active title={{ width: '50%' }} paragraph={{ rows: variant === 'grid' ? 3 : 2 }} />
          </div>
        ))
      )}
    </div>
  );
}

/** A lazy page on its way (the routes' Suspense fallback). */
export function PageLoading() {
  return (
    <div className="oy-screen-page-loading">
      <Spin />
    </div>
  );
}

/**
 * Nothing to show: a plain sentence, and what the user can do about it (editors: create).
 * data-testid: `testId`, else `<scope>-empty` inside a ScreenScope, else `empty-state`.
 */
export function EmptyState({ text, compact, testId, children }: { text: string; compact?: boolean; testId?: string; children?: React.ReactNode }) {
  const scope = React.useContext(ScopeName);
  return (
    <div className={`oy-screen-empty${compact ? ' oy-screen-empty--compact' : ''}`} data-testid={testId ?? (scope ? `${scope}-empty` : 'empty-state')}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
        {children}
      </Empty>
    </div>
  );
}

/** A failed load, in place, with «Повторить». */
export function ErrorState({ title, message, onRetry, compact }: { title: string; message?: string; onRetry?: () => void; compact?: boolean }) {
  return (
    <div role="alert" className={`oy-screen-error${compact ? ' oy-screen-error--compact' : ''}`}>
      <div className="oy-screen-error__text">
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

/**
 * The three states of a loaded list in one place: placeholders, the failure with «Повторить»
 * (`errorTitle`; compact — for widgets — without the message), `empty` when `isEmpty`, else `children`.
 */
export function Loaded<T>({
  load: { state, reload },
  loading,
  errorTitle,
  compact,
  isEmpty,
  empty,
  children,
}: {
  load: Pick<UseLoad<T>, 'state' | 'reload'>;
  loading?: LoadingBlockProps;
  errorTitle: string;
  compact?: boolean;
  isEmpty?: (data: T) => boolean;
  empty?: React.ReactNode;
  children: (data: T, refreshing: boolean) => React.ReactNode;
}) {
  if (state.status === 'loading') return <LoadingBlock {...loading} />;
  if (state.status === 'error') return <ErrorState compact={compact} title={errorTitle} message={compact ? undefined : state.message} onRetry={reload} />;
  if (isEmpty?.(state.data)) return <>{empty}</>;
  return <>{children(state.data, state.refreshing)}</>;
}
