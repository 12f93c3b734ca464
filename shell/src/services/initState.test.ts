import { INIT_STATE_CACHE_MS } from '@oyster/shared-kit/domain';
import type { InitState } from '@oyster/shared-kit/runtime';
import { createServices, fakeFetch } from '../testing';
import { loadInitState } from './initState';
import { STORAGE_KEYS } from './storage';

const STATE: InitState = {
  companies: [{ _id: 'c1', shortName: 'Ингосстрах' }],
  products: [{ id: 'eosago', name: 'Е-ОСАГО' }],
  networkList: [],
  mages: [{ _id: 'm1', fio: 'Петров Пётр Петрович' }],
  curators: [],
};

beforeEach(() => localStorage.clear());

describe('init-state (spec §7, §9): what the runtime gives remotes', () => {
  it('runtime.initState() loads GET /api/v2/init-state once (callers at the same time share the request) and serves it from the one-hour cache', async () => {
    const f = fakeFetch({ '/api/v2/init-state': { status: 200, body: { data: STATE } } });
    const { runtime } = createServices({ fetchImpl: f.impl, ioFactory: jest.fn() as never });
    await expect(Promise.all([runtime.initState(), runtime.initState()])).resolves.toEqual([STATE, STATE]);
    await expect(runtime.initState()).resolves.toEqual(STATE);
    expect(f.calls.filter((c) => c.url.includes('/api/v2/init-state'))).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.initState)!).data).toEqual(STATE);
  });

  it('loads again after an hour', async () => {
    const f = fakeFetch({ '/api/v2/init-state': { status: 200, body: { data: STATE } } });
    const { http } = createServices({ fetchImpl: f.impl, ioFactory: jest.fn() as never });
    let now = 1_000_000;
    await loadInitState(http, () => now);
    now += INIT_STATE_CACHE_MS - 1;
    await loadInitState(http, () => now);
    expect(f.calls).toHaveLength(1);
    now += 1;
    await loadInitState(http, () => now);
    expect(f.calls).toHaveLength(2);
  });
});
