import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import type { KeysetListState } from './keysetList';

export const SHOW_MORE_TEXT = 'Показать ещё';

/**
 * «Показать ещё» under a keyset list (useKeysetList): nothing on the last page; busy while the next one
 * comes; when it failed, why — above the button, which asks again.
 */
export function ShowMore({ state, onMore }: { state: KeysetListState<unknown, unknown>; onMore: () => void }) {
  if (state.status !== 'ready' || state.next === null || state.next === undefined) return null;
  return (
    <div className="oy-screen-more">
      {state.moreError ? (
        <p className="oy-screen-more__error" role="alert">
          {state.moreError}
        </p>
      ) : null}
      <Button onClick={onMore} loading={state.more}>
        {SHOW_MORE_TEXT}
      </Button>
    </div>
  );
}
