/** The init-state (spec §7 GET /api/v2/init-state): the dictionaries every screen may need. */
import type { HttpClient } from './http';

export interface InitState {
  companies: Array<{ _id: string; idUnicus?: string; shortName: string }>;
  products: Array<{ id: string; name: string; visibleName?: string; description?: string }>;
  networkList: Array<{ _id: string; name: string }>;
  mages: Array<{ _id: string; fio: string }>;
  curators: Array<{ _id: string; fio: string; fullNameShort?: string; email?: string }>;
}

export const INIT_STATE_PATH = '/api/v2/init-state';

/** Loads the init-state from the api, uncached (the shell caches it for an hour; remotes ask `getRuntime().initState()`). */
export async function fetchInitState(http: HttpClient): Promise<InitState> {
  const res = await http.get<{ data: InitState }>(INIT_STATE_PATH, { silent: true });
  return res.data;
}
