// @zone-independent: our origins. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { configuredOrigins, isOwnOrigin, remoteEntries } from '../../src/platform/origins';

describe('our origins', () => {
  test('the request’s own host, over http or https, is ours; another host is not', () => {
    expect(isOwnOrigin('http://localhost:8080', 'localhost:8080', [])).toBe(true);
    expect(isOwnOrigin('https://oyster.example', 'oyster.example', [])).toBe(true);
    expect(isOwnOrigin('https://evil.example', 'oyster.example', [])).toBe(false);
    expect(isOwnOrigin('http://localhost:8081', 'localhost:8080', [])).toBe(false);
  });

  test('a missing, null or malformed Origin is not ours', () => {
    expect(isOwnOrigin(undefined, 'localhost:8080', [])).toBe(false);
    expect(isOwnOrigin('null', 'localhost:8080', [])).toBe(false);
    expect(isOwnOrigin('javascript:alert(1)', 'localhost:8080', ['javascript:alert(1)'])).toBe(false);
  });

  test('remotes on other hosts and ALLOWED_ORIGINS are ours; same-host remotes add nothing', () => {
    const env = { REMOTE_URL_REMOTE_FINANCE: 'https://cdn.example/finance/remoteEntry.js', ALLOWED_ORIGINS: 'https://admin.example, bad' };
    expect(remoteEntries(env).remote_finance).toBe('https://cdn.example/finance/remoteEntry.js');
    expect(remoteEntries(env).remote_sales).toBe('/remotes/sales/remoteEntry.js');
    expect(configuredOrigins(env).sort()).toEqual(['https://admin.example', 'https://cdn.example']);
    expect(isOwnOrigin('https://cdn.example', 'oyster.example', configuredOrigins(env))).toBe(true);
  });
});
