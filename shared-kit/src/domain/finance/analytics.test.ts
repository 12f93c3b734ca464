import { DEMO_ACCOUNT_KEYS, DEMO_USERS, access, analyticsScope, formatBp, quickRange, shareBp, type AnalyticsScope, type DemoAccountKey } from '../index';

describe('Аналитика: who and whose (§6)', () => {
  test('the section for admin, finance controller, supervisor without appointed-only; every agent for them', () => {
    const sees = DEMO_ACCOUNT_KEYS.filter((k) => access(DEMO_USERS[k]).canSeeAnalytics);
    expect(sees).toEqual(['admin', 'supervisor', 'finance']);
    const scopes = Object.fromEntries(sees.map((k) => [k, analyticsScope(DEMO_USERS[k])])) as Partial<Record<DemoAccountKey, AnalyticsScope>>;
    expect(scopes).toEqual({ admin: 'all', supervisor: 'all', finance: 'all' });
  });

  test('a personal user with canAnalyticsView sees the section, only their own figures — a manager too', () => {
    const manager = { ...DEMO_USERS.manager, canAnalyticsView: true };
    expect(access(manager).canSeeAnalytics).toBe(true);
    expect(analyticsScope(manager)).toBe('own');
    const appointed = { ...DEMO_USERS.supervisorAppointed, canAnalyticsView: true };
    expect(access(appointed).canSeeAnalytics).toBe(true);
    expect(analyticsScope(appointed)).toBe('own');
  });

  test('quick filters of §9 are Moscow days, today included', () => {
    const now = new Date('2026-11-27T22:30:00Z'); // 01:30 on the 28th in Moscow
    expect(quickRange('today', now)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(quickRange('yesterday', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(quickRange('last7', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(quickRange('last14', now)).toEqual({ from: '2026-11-15', to: '2026-11-28' });
    expect(quickRange('last30', now)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
  });

  test('shares in basis points and on screen', () => {
    expect(shareBp(41, 81)).toBe(5062);
    expect(shareBp(1, 0)).toBeNull();
    expect(formatBp(5062).replace(/\u00a0/g, ' ')).toBe('50,6 %');
    expect(formatBp(null)).toBe('—');
  });
});
