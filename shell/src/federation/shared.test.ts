import { SHARED_LOADERS, sharedProviders } from './shared';

// The one shared map the remotes are built with.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { shared, sharedVersions } = require('../../../build/shared.cjs');

describe('the modules the shell gives the remotes', () => {
  it('has a loader for every entry of build/shared.cjs and none besides', () => {
    expect(Object.keys(SHARED_LOADERS).sort()).toEqual(Object.keys(shared).sort());
  });

  it('offers each at the version the remotes ask for, as a singleton, from its own copy', async () => {
    const providers = sharedProviders(sharedVersions(shared));
    expect(providers.react).toMatchObject({ version: '18.3.1', shareConfig: { singleton: true, requiredVersion: '18.3.1' } });
    expect(providers['@oyster/shared-kit/runtime']).toMatchObject({ version: '1.0.0', shareConfig: { singleton: true, requiredVersion: false } });
    const factory = await (providers['@oyster/shared-kit/domain'] as { get: () => Promise<() => { LOGIN_TEXTS: { submit: string } }> }).get();
    expect(factory().LOGIN_TEXTS.submit).toBe('Войти');
  });

  it('refuses a shared entry it cannot provide', () => {
    expect(() => sharedProviders({ lodash: { version: '4.0.0', requiredVersion: '4.0.0', singleton: true } })).toThrow('shared module lodash has no loader');
  });
});
