import * as React from 'react';
import { Link } from 'react-router-dom';
import { SectionTitle } from '@oyster/shared-kit/ui/parts';
import type { UseLoad } from './load';
import type { BackLink } from './PageFrame';
import { EmptyState, Loaded } from './states';
import './screens.css';

/**
 * A home widget listing a few items: its title with a link to the whole section, compact placeholders,
 * a failure in place with «Повторить» (no toast on home), a sentence when there is nothing, else one
 * `<li>` per item with what `children` renders.
 */
export function WidgetList<T extends { _id: string }>({
  title,
  testId,
  all,
  listLabel,
  errorTitle,
  emptyText,
  load,
  rows = 3,
  children,
}: {
  title: string;
  testId: string;
  /** The link to the section («Все новости»). */
  all: BackLink;
  /** The list's accessible name («Последние новости»). */
  listLabel: string;
  errorTitle: string;
  emptyText: string;
  load: Pick<UseLoad<T[]>, 'state' | 'reload'>;
  rows?: number;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <section className="oy-screen-widget" aria-label={title} data-testid={testId}>
      <SectionTitle
        level={3}
        extra={
          <Link to={all.to} className="oy-screen-link">
            {all.label}
          </Link>
        }
      >
        {title}
      </SectionTitle>
      <Loaded
        load={load}
        loading={{ rows, variant: 'compact' }}
        compact
        errorTitle={errorTitle}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState compact text={emptyText} />}
      >
        {(items) => (
          <ul className="oy-screen-widget__list" aria-label={listLabel}>
            {items.map((item) => (
              <li key={item._id} className="oy-screen-widget__item">
                {children(item)}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}
