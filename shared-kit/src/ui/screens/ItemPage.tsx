import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { PageFrame, type BackLink } from './PageFrame';
import { EmptyState, ErrorState, LoadingBlock, useLoad, type UseLoad } from '@oyster/shared-kit/ui/screens/widgets';

/** Said under «… не найден(а)» when nothing more is known. */
export const NOT_FOUND_HINT = 'Возможно, запись удалена или перемещена.';

/**
 * An item page whose item could not be loaded shows the stored message (spec §8: the answer's
 * errorMessage, or the thrown error's message). Not found: the message as the heading, `hint` and a
 * way back; any other failure: the message with «Повторить».
 */
export function ItemUnavailable({
  message,
  httpStatus,
  onRetry,
  back,
  hint = NOT_FOUND_HINT,
}: {
  message: string;
  httpStatus?: number;
  onRetry: () => void;
  back: BackLink;
  hint?: string;
}) {
  const navigate = useNavigate();
  if (httpStatus === 404) {
    return (
      <PageFrame title={message} back={back}>
        <EmptyState text={hint}>
          <Button type="primary" onClick={() => navigate(back.to)}>
            {back.label}
          </Button>
        </EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame back={back}>
      <ErrorState title={message} onRetry={onRetry} />
    </PageFrame>
  );
}

export interface ItemPageFrame {
  /** The back link while loading and on the page. */
  back: BackLink;
  /** The heading while loading (forms: «Новый курс»); item pages have none until the item is there. */
  title?: React.ReactNode;
  /**
   * Forms: a failed load reads `failure.title` with the message and «Повторить», under `failure.back`.
   * Without it (item pages) a failure is ItemUnavailable: not found, or the message with «Повторить».
   */
  failure?: { title: string; back: BackLink };
  /** ItemUnavailable's line under a not-found heading. */
  notFoundHint?: string;
  /** Keep the item on screen while it loads again (a form under which the item reloads). */
  keepPrevious?: boolean;
}

export type ItemPage<T> = Omit<UseLoad<T>, 'state'> &
  ({ ready: false; placeholder: React.ReactElement } | { ready: true; data: T; refreshing: boolean });

/**
 * The preamble of every item page and item form: load by id, show the page's frame with placeholders
 * while it loads, and the failure in place. `if (!page.ready) return page.placeholder;` then the page.
 */
export function useItemPage<T>(load: (signal: AbortSignal) => Promise<T>, deps: React.DependencyList, frame: ItemPageFrame): ItemPage<T> {
  const { state, reload, refresh, update } = useLoad(load, deps, { keepPrevious: frame.keepPrevious });
  const controls = { reload, refresh, update };
  if (state.status === 'ready') return { ...controls, ready: true, data: state.data, refreshing: state.refreshing };
  if (state.status === 'loading') {
    return {
      ...controls,
      ready: false,
      placeholder: (
        <PageFrame title={frame.title} back={frame.back}>
          <LoadingBlock variant="page" />
        </PageFrame>
      ),
    };
  }
  const placeholder = frame.failure ? (
    <PageFrame title={frame.title} back={frame.failure.back}>
      <ErrorState title={frame.failure.title} message={state.message} onRetry={reload} />
    </PageFrame>
  ) : (
    <ItemUnavailable message={state.message} httpStatus={state.httpStatus} onRetry={reload} back={frame.back} hint={frame.notFoundHint} />
  );
  return { ...controls, ready: false, placeholder };
}
