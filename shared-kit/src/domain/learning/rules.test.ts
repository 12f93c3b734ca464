import { formatFileSize } from './rules';

describe('learning rules', () => {
  it('shows file sizes as people read them', () => {
    expect(formatFileSize(820)).toBe('820\u00a0Б');
    expect(formatFileSize(53_248)).toBe('52\u00a0КБ');
    expect(formatFileSize(1_468_006)).toBe('1,4\u00a0МБ');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2\u00a0МБ');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5\u00a0ГБ');
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(-1)).toBe('');
  });
});
