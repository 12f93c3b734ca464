import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { prefetchRemotes, remotesToPrefetch } from './prefetch';

jest.mock('./RemoteSection', () => ({ loadRemoteComponent: jest.fn() }));
jest.mock('../layout/SectionRoute', () => ({ __esModule: true, default: () => null }));

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('remotes prefetched on idle after sign-in', () => {
  it('are those behind the sections the sidebar shows', () => {
    expect(remotesToPrefetch(DEMO_USERS.agent)).toEqual(['remote_sales', 'remote_broker_requests', 'remote_finance', 'remote_communications']);
    // A copywriter opens no contracts: the sales remote is never fetched for them.
    expect(remotesToPrefetch(DEMO_USERS.copywriter)).toContain('remote_learning');
    expect(remotesToPrefetch(DEMO_USERS.copywriter)).not.toContain('remote_sales');
  });

  it('load one after another when the page is idle, and stop when the layout goes', async () => {
    let run: () => void = () => undefined;
    const load = jest.fn((_remote: string, _module: string) => Promise.resolve(() => null));
    const stop = prefetchRemotes(DEMO_USERS.agent, (fn) => ((run = fn), () => undefined), load);
    expect(load).not.toHaveBeenCalled();
    run();
    for (let i = 0; i < 10; i += 1) await flush();
    expect(load.mock.calls.map((c) => c[0])).toEqual(remotesToPrefetch(DEMO_USERS.agent));
    expect(load.mock.calls.every((c) => c[1] === 'Routes')).toBe(true);
    stop();
  });

  it('then the landing pages a remote names in its preload, before the next remote', async () => {
    let run: () => void = () => undefined;
    const order: string[] = [];
    const routes = (remote: string) => Object.assign(() => null, remote === 'remote_sales' ? { preload: () => (order.push('sales pages'), Promise.resolve()) } : {});
    const load = jest.fn((remote: string) => (order.push(remote), Promise.resolve(routes(remote))));
    prefetchRemotes(DEMO_USERS.agent, (fn) => ((run = fn), () => undefined), load);
    run();
    for (let i = 0; i < 12; i += 1) await flush();
    expect(order.slice(0, 3)).toEqual(['remote_sales', 'sales pages', 'remote_broker_requests']);
  });

  it('fetch nothing when the browser asks to save data', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const idle = jest.fn(() => () => undefined);
    prefetchRemotes(DEMO_USERS.agent, idle);
    expect(idle).not.toHaveBeenCalled();
    delete (navigator as unknown as { connection?: unknown }).connection;
  });
});
