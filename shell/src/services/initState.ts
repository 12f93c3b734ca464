import { INIT_STATE_CACHE_MS } from '@oyster/shared-kit/domain';
import type { HttpClient } from '@oyster/shared-kit/runtime';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface InitState {
  companies: Array<{ _id: string; idUnicus?: string; shortName: string }>;
  products: Array<{ id: string; name: string; visibleName?: string; description?: string }>;
  networkList: Array<{ _id: string; name: string }>;
  mages: Array<{ _id: string; fio: string }>;
  curators: Array<{ _id: string; fio: string; fullNameShort?: string; email?: string }>;
}

/** GET /api/v2/init-state, cached in localStorage for one hour (spec §7, §9). */
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
  const res = await http.get<{ data: InitState }>('/api/v2/init-state', { silent: true });
  writeStorage(STORAGE_KEYS.initState, JSON.stringify({ at: now(), data: res.data }));
  return res.data;
}
