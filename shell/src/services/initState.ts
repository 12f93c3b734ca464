import { INIT_STATE_CACHE_MS } from '@oyster/shared-kit/domain/platform';
import { fetchInitState, type HttpClient, type InitState } from '@oyster/shared-kit/runtime';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type { InitState };

/**
 * GET /api/v2/init-state, cached in localStorage for one hour (spec §7, §9). Remotes get it through
 * `getRuntime().initState()`; only the shell reads its storage.
 */
export async function loadInitState(http: HttpClient, now: () => number = Date.now): Promise<InitState> {
  const raw = readStorage(STORAGE_KEYS.initState);
  if (raw) {
    try {
      const cached = JSON.parse(raw) as { at: number; data: InitState };
      if (cached && typeof cached.at === 'number' && now() - cached.at < INIT_STATE_CACHE_MS) return cached.data;
    } catch {
      /* broken cache: load again */
    }
  }
  const data = await fetchInitState(http);
  writeStorage(STORAGE_KEYS.initState, JSON.stringify({ at: now(), data }));
  return data;
}
