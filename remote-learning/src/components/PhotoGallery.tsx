import * as React from 'react';
import { Button } from '@oyster/shared-kit/ui/base';
import type { MediaItem } from '@oyster/shared-kit/domain';
import { Modal } from '@oyster/shared-kit/ui';

/**
 * Photos as a grid of previews; a click opens the photo large, with «‹ ›» (and the arrow keys) to the
 * neighbours and a download link. `actions` adds per-photo controls (editors: delete).
 */
export function PhotoGallery({ items, actions }: { items: MediaItem[]; actions?: (item: MediaItem) => React.ReactNode }) {
  const [open, setOpen] = React.useState<number | null>(null);
  const count = items.length;
  const current = open !== null && open < count ? items[open] : null;
  const go = React.useCallback((step: number) => setOpen((i) => (i === null ? i : (i + step + count) % count)), [count]);

  React.useEffect(() => {
    if (current === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') go(-1);
      if (e.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, go]);

  return (
    <>
      <ul className="oy-learn-photos" aria-label="Фото">
        {items.map((p, i) => (
          <li key={p._id} className="oy-learn-photo">
            <button type="button" className="oy-learn-photo__open" onClick={() => setOpen(i)} aria-label={`Открыть фото «${p.title}»`}>
              <img src={p.thumbnailUrl ?? p.url} alt={p.title} loading="lazy" className="oy-learn-photo__img" />
            </button>
            <div className="oy-learn-photo__caption">
              <span className="oy-learn-photo__title" title={p.title}>
                {p.title}
              </span>
              {actions?.(p)}
            </div>
          </li>
        ))}
      </ul>
      <Modal open={current !== null} onCancel={() => setOpen(null)} footer={null} width={980} centered title={current?.title} destroyOnHidden>
        {current ? (
          <figure className="oy-learn-viewer">
            <img src={current.url} alt={current.title} className="oy-learn-viewer__img" />
            <figcaption className="oy-learn-viewer__bar">
              {count > 1 ? (
                <span className="oy-learn-viewer__nav">
                  <Button onClick={() => go(-1)} aria-label="Предыдущее фото">
                    ‹
                  </Button>
                  <span>
                    {open! + 1} из {count}
                  </span>
                  <Button onClick={() => go(1)} aria-label="Следующее фото">
                    ›
                  </Button>
                </span>
              ) : (
                <span />
              )}
              <a href={current.url} download target="_blank" rel="noopener noreferrer" className="oy-learn-link">
                Скачать
              </a>
            </figcaption>
          </figure>
        ) : null}
      </Modal>
    </>
  );
}
