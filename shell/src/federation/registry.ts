/**
 * The remote registry: where each remote's remoteEntry.js lives, taken at start from the api's
 * runtime manifest (GET /api/v2/remotes-manifest → {remotes: {remote_sales: '/remotes/sales/remoteEntry.js', ...}}),
 * falling back to each remote's default entry (`defaultRemoteEntry`, the section registry's), and
 * registered with the Module Federation runtime.
 */
import { init, type ModuleFederation } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import * as bundlerRuntime from '@module-federation/webpack-bundler-runtime';
import { defaultRemoteEntry, REMOTE_NAMES, type RemoteName } from '@oyster/shared-kit/domain/platform';
import oysterFallbackPlugin from './runtime-plugin';
import { sharedProviders } from './shared';

let instance: ModuleFederation | null = null;

/** The global a production remote takes webpack's MF bundler runtime from (build/remote-config.cjs). */
export const BUNDLER_RUNTIME_GLOBAL = '__OYSTER_MF_BUNDLER_RUNTIME__';

/**
 * The page's one MF runtime, made on first use (after sign-in, never on the login page). Remotes
 * carry none of it: `experiments.externalRuntime` makes them take the runtime core from the global
 * `_FEDERATION_RUNTIME_CORE`, and build/remote-config.cjs makes them take webpack's bundler runtime
 * (with the runtime and the SDK it brings) from BUNDLER_RUNTIME_GLOBAL — both set here, before any
 * remote loads. Each remote still gets its own container and instance: the entry copies the bundler
 * runtime's parts into its own `__webpack_require__.federation`.
 */
function federation(): ModuleFederation {
  if (!instance) {
    const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown; [BUNDLER_RUNTIME_GLOBAL]?: unknown };
    global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
    global[BUNDLER_RUNTIME_GLOBAL] ??= bundlerRuntime;
    instance = init({ name: 'shell', remotes: [], shared: sharedProviders(), shareStrategy: 'loaded-first', plugins: [oysterFallbackPlugin()] });
  }
  return instance;
}

export const MANIFEST_PATH = '/api/v2/remotes-manifest';
const MANIFEST_TIMEOUT_MS = 3000;

export type RemoteEntries = Record<RemoteName, string>;

const defaultEntries = (): RemoteEntries => Object.fromEntries(REMOTE_NAMES.map((n) => [n, defaultRemoteEntry(n)])) as RemoteEntries;

let entries: RemoteEntries = defaultEntries();
let initialised: Promise<RemoteEntries> | null = null;
let attempt = 0;

async function fetchManifest(): Promise<Partial<Record<string, string>>> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), MANIFEST_TIMEOUT_MS);
  try {
    const res = await fetch(MANIFEST_PATH, { signal: ctrl.signal, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`manifest ${res.status}`);
    const body = (await res.json()) as { remotes?: Record<string, string> };
    return body.remotes ?? {};
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the manifest and registers every remote with the MF runtime. Never throws: on any failure
 * the default paths are used. Idempotent (the first call's promise is returned again).
 */
export function initFederation(): Promise<RemoteEntries> {
  if (initialised) return initialised;
  initialised = (async () => {
    const next = defaultEntries();
    try {
      const manifest = await fetchManifest();
      for (const name of REMOTE_NAMES) {
        const url = manifest[name];
        if (typeof url === 'string' && url) next[name] = url;
      }
    } catch (err) {
      // eslint-disable-next-line no-console
      console.warn('[oyster] remotes manifest unavailable, using default remote paths', err);
    }
    entries = next;
    federation().registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: entries[name] })));
    return entries;
  })();
  return initialised;
}

export function remoteEntries(): RemoteEntries {
  return { ...entries };
}

/**
 * Forget everything the MF runtime cached about a remote (its entry script, container, modules) and
 * register it again under a cache-busting URL, so the next loadRemote really fetches the files again.
 */
export function resetRemote(name: RemoteName): void {
  attempt += 1;
  const base = entries[name];
  const entry = `${base}${base.includes('?') ? '&' : '?'}retry=${attempt}`;
  federation().registerRemotes([{ name, entry }], { force: true });
}

/** loadRemote after the registry is ready. */
export async function loadRemoteModule<T>(id: string): Promise<T | null> {
  await initFederation();
  return federation().loadRemote<T>(id);
}
