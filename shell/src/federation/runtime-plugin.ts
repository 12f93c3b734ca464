/**
 * Module Federation runtime plugin of the shell (given to the runtime in registry.ts).
 *
 * When a remote cannot be loaded (its server is down, a chunk 404s, its entry throws), the MF runtime
 * calls `errorLoadRemote`. Instead of letting the error escape (which under some strategies breaks
 * start-up before React mounts), we return a marker module. `RemoteSection` / `RemoteWidget`
 * recognise it and show the in-place error with a retry; every other section keeps working.
 *
 * Kept free of React and of the kit.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

export const REMOTE_LOAD_FAILED = '__oysterRemoteLoadFailed';

export interface RemoteLoadFailure {
  [REMOTE_LOAD_FAILED]: true;
  id: string;
  error: unknown;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[REMOTE_LOAD_FAILED] === true;
}

const oysterFallbackPlugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'oyster-remote-fallback',
  errorLoadRemote(args) {
    if (args.lifecycle !== 'onLoad') return undefined;
    // eslint-disable-next-line no-console
    console.warn(`[oyster] remote module "${args.id}" failed to load`, args.error);
    const failure: RemoteLoadFailure = { [REMOTE_LOAD_FAILED]: true, id: args.id, error: args.error };
    return failure;
  },
});

export default oysterFallbackPlugin;
