import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';

/** Page numbers to show: the first, the last, the current with its neighbours, gaps as null. */
export function pageItems(page: number, pages: number): Array<number | null> {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : null);
    out.push(p);
  });
  return out;
}

/** Pages of a list («‹ 1 … 4 5 6 … 12 ›»); hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="oy-screen-pager" aria-label="Страницы">
      <Button type="text" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Предыдущая страница">
        ‹
      </Button>
      {pageItems(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="oy-screen-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            type={p === page ? 'primary' : 'text'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Страница ${p}`}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button type="text" disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label="Следующая страница">
        ›
      </Button>
    </nav>
  );
}

/**
 * One page of a paged list and the pager under it. While the next page loads (`refreshing`) the shown
 * one fades and is marked busy; choosing a page goes back to the top of the screen.
 */
export function PagedList({
  page,
  pageSize,
  total,
  refreshing,
  onPage,
  children,
}: {
  page: number;
  pageSize: number;
  total: number;
  refreshing: boolean;
  onPage: (page: number) => void;
  children: React.ReactNode;
}) {
  return (
    <div className={`oy-screen-list${refreshing ? ' oy-screen-list--refreshing' : ''}`} aria-busy={refreshing || undefined}>
      {children}
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={(p) => {
          onPage(p);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
