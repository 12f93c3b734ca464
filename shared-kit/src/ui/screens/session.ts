import * as React from 'react';
import { access, type Access, type SessionUser } from '@oyster/shared-kit/domain/platform';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The signed-in user, from the shell's session$ (re-renders on session_update). */
export function useSessionUser(): SessionUser | null {
  const session$ = getRuntime().session$;
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const sub = session$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [session$],
  );
  return React.useSyncExternalStore(subscribe, () => session$.value);
}

/** The user's flags (spec §6): `canEditLearning`, `courseListKind`, … — the one place rules live. */
export function useAccess(): Access {
  const user = useSessionUser();
  return React.useMemo(() => access(user), [user]);
}
