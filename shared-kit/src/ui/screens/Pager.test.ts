import { pageItems } from './Pager';

describe('pageItems', () => {
  it('shows the first, the last, the current page and its neighbours, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    // a gap of one page shows that page instead of «…»
    expect(pageItems(4, 12)).toEqual([1, 2, 3, 4, 5, null, 12]);
    expect(pageItems(12, 12)).toEqual([1, null, 11, 12]);
  });
});
