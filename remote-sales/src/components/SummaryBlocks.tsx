import * as React from 'react';
import type { SummaryBlock } from '@oyster/shared-kit/domain';
import './summaryBlocks.css';

/** A contract's summary blocks as its product module gives them (title, label → value rows, free lines), in order. */
export function SummaryBlocks({ blocks }: { blocks: readonly SummaryBlock[] }) {
  return (
    <>
      {blocks.map((b, i) => (
        <section key={`${b.title}-${i}`} className="oy-summary" aria-label={b.title || 'Сводка'}>
          {b.title ? <h3 className="oy-summary__title">{b.title}</h3> : null}
          {b.rows.length ? (
            <dl className="oy-summary__rows">
              {b.rows.map((r, j) => (
                <div key={`${r.label}-${j}`} className="oy-summary__row">
                  <dt>{r.label}</dt>
                  <dd>{r.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {b.lines?.length ? (
            <ul className="oy-summary__lines">
              {b.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}
