import { formatDate, formatFileSize, formatMoney, formatMoscowDateTime } from './format';
import { moscowCalendarDay, moscowIsoDay } from './sales/contracts';

describe('formatFileSize (one for every screen)', () => {
  it('shows file sizes as people read them, a no-break space before the unit', () => {
    expect(formatFileSize(820)).toBe('820\u00a0Б');
    expect(formatFileSize(512)).toBe('512\u00a0Б');
    expect(formatFileSize(1536)).toBe('1,5\u00a0КБ');
    expect(formatFileSize(53_248)).toBe('52\u00a0КБ');
    expect(formatFileSize(254_000)).toBe('248\u00a0КБ');
    expect(formatFileSize(1_468_006)).toBe('1,4\u00a0МБ');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2\u00a0МБ');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5\u00a0МБ');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5\u00a0ГБ');
  });

  it('shows nothing for a size it does not know', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('money and dates', () => {
  it('writes kopecks as «1 234,56 ₽» and dates as dd.mm.yyyy', () => {
    expect(formatMoney(123456)).toBe('1\u00a0234,56\u00a0₽');
    expect(formatDate('2026-11-19T09:00:00.000Z')).toMatch(/^\d{2}\.11\.2026$/);
    expect(formatDate(null)).toBe('');
  });

  it('writes a calendar day as that day, whatever the zone (a date at UTC midnight was the day before west of Greenwich)', () => {
    expect(formatDate('2026-12-01')).toBe('01.12.2026');
    expect(formatDate('2027-01-01')).toBe('01.01.2027');
  });
});

test('a moment in Moscow time whatever the zone: «dd.mm.yyyy, hh:mm», seconds when asked', () => {
  expect(formatMoscowDateTime('2026-11-20T21:30:05.000Z')).toBe('21.11.2026, 00:30');
  expect(formatMoscowDateTime('2026-11-20T09:00:05.000Z', { seconds: true })).toBe('20.11.2026, 12:00:05');
  expect(formatMoscowDateTime(null)).toBe('');
  expect(formatMoscowDateTime('вчера')).toBe('');
});

describe('moscowCalendarDay', () => {
  it('is Moscow’s calendar day whatever the zone: 21:30 UTC is already the next day in Moscow', () => {
    const d = moscowCalendarDay(new Date('2026-11-25T21:30:00Z'));
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate()]).toEqual([2026, 11, 26]);
    const tomorrow = moscowCalendarDay(new Date('2026-11-25T21:30:00Z'), 1);
    expect([tomorrow.getFullYear(), tomorrow.getMonth() + 1, tomorrow.getDate()]).toEqual([2026, 11, 27]);
    const before = moscowCalendarDay(new Date('2026-11-25T20:59:00Z'));
    expect(before.getDate()).toBe(25);
    const newYear = moscowCalendarDay(new Date('2026-12-31T21:00:00Z'));
    expect([newYear.getFullYear(), newYear.getMonth() + 1, newYear.getDate()]).toEqual([2027, 1, 1]);
  });
});

describe('moscowIsoDay', () => {
  it('is the same Moscow day as «YYYY-MM-DD», with days added across months and years', () => {
    expect(moscowIsoDay(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-28');
    expect(moscowIsoDay(new Date('2026-11-27T20:59:00Z'))).toBe('2026-11-27');
    expect(moscowIsoDay(new Date('2026-11-30T21:30:00Z'), 1)).toBe('2026-12-02');
    expect(moscowIsoDay(new Date('2026-12-31T21:00:00Z'), -1)).toBe('2026-12-31');
  });
});
