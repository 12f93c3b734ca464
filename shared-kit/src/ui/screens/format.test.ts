import { countText, pageFromQuery, plural } from './format';

describe('plural, countText, pageFromQuery', () => {
  it('picks the Russian plural form', () => {
    const forms: [string, string, string] = ['урок', 'урока', 'уроков'];
    expect([0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111].map((n) => plural(n, forms))).toEqual([
      'уроков', 'урок', 'урока', 'урока', 'уроков', 'уроков', 'уроков', 'урок', 'урока', 'уроков', 'урок', 'уроков',
    ]);
    expect(countText(5, forms)).toBe('5\u00a0уроков');
  });

  it('reads the page from the URL; anything else is page 1', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect([null, '', '1', '0', '-2', '2.5', 'abc'].map(pageFromQuery)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
