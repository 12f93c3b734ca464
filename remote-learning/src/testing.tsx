/**
 * remote-learning's test fixtures: demo news, articles and their list answers. The fakes (fakeHttp,
 * renderSection, renderWidget, …) are @oyster/shared-kit/testing's.
 */
// ───────────────────────── sample data ─────────────────────────

let seq = 0;
/** A 24-hex id. */
export function oid(): string {
  seq += 1;
  return seq.toString(16).padStart(24, 'a');
}

export function newsItem(over: Record<string, unknown> = {}) {
  return {
    _id: oid(),
    title: 'Новые тарифы Е-ОСАГО',
    summary: 'Коротко о главном',
    label: 'Продукты',
    coverImageUrl: null,
    status: 'published',
    publishedAt: '2026-11-19T09:00:00.000Z',
    createdAt: '2026-11-19T09:00:00.000Z',
    updatedAt: '2026-11-19T09:00:00.000Z',
    ...over,
  };
}

export function newsPage(items: unknown[], over: Record<string, unknown> = {}) {
  return { data: { news: items, total: items.length, page: 1, pageSize: 10, labels: ['Акции', 'Продукты'], ...over } };
}

export function article(over: Record<string, unknown> = {}) {
  return {
    _id: oid(),
    title: 'Как рассчитать КБМ',
    summary: 'Коэффициент бонус-малус простыми словами',
    tags: ['ОСАГО', 'Клиенты'],
    coverImageUrl: null,
    status: 'published',
    publishedAt: '2026-10-03T09:00:00.000Z',
    createdAt: '2026-10-03T09:00:00.000Z',
    updatedAt: '2026-10-03T09:00:00.000Z',
    ...over,
  };
}

export function knowledgePage(items: unknown[], over: Record<string, unknown> = {}) {
  return { data: { knowledge: items, total: items.length, page: 1, pageSize: 10, tags: ['ВЗР', 'Клиенты', 'ОСАГО'], ...over } };
}
