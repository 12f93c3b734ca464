import * as React from 'react';
import { Link } from 'react-router-dom';
import type { Banner } from '@oyster/shared-kit/domain';
import { useLoad } from '@oyster/shared-kit/ui/screens/widgets';
import { listBanners } from '../api/library';
import { isExternalLink, routerPath } from '../paths';
import '../styles/common.css';
import '../styles/widgets.css';

const ROTATE_MS = 7000;

/** The picture with the banner's title written over its left part (the pictures leave room for it). */
function BannerSlide({ banner, hidden }: { banner: Banner; hidden: boolean }) {
  const content = (
    <>
      <img src={banner.imageUrl} alt="" className="oy-learn-slide__img" draggable={false} />
      <span className="oy-learn-slide__caption">{banner.title}</span>
    </>
  );
  const focusable = hidden ? { tabIndex: -1 } : {};
  if (!banner.link) return <div className="oy-learn-slide__link">{content}</div>;
  return isExternalLink(banner.link) ? (
    <a href={banner.link} target="_blank" rel="noopener noreferrer" className="oy-learn-slide__link" {...focusable}>
      {content}
    </a>
  ) : (
    <Link to={routerPath(banner.link)} className="oy-learn-slide__link" {...focusable}>
      {content}
    </Link>
  );
}

/**
 * remote_learning/BannersWidget — the active banners on home (POST /banners/list, allBanners false),
 * one at a time, turning every 7 s unless the pointer or focus is on them (or the user prefers less
 * motion). No active banners — nothing is shown; a failed load is only logged (banners are optional).
 */
export default function BannersWidget() {
  const { state } = useLoad((signal) => listBanners(false, { signal, silent: true }), []);
  const [index, setIndex] = React.useState(0);
  const [paused, setPaused] = React.useState(false);
  const banners = state.status === 'ready' ? state.data.filter((b) => b.active) : [];
  const count = banners.length;

  React.useEffect(() => {
    if (state.status === 'error') console.warn('[remote-learning] banners could not be loaded:', state.message);
  }, [state]);

  React.useEffect(() => {
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (count < 2 || paused || reduced) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(t);
  }, [count, paused]);

  if (state.status === 'loading') return <div className="oy-learn-banners oy-learn-banners--loading" role="status" aria-label="Загрузка" />;
  if (count === 0) return null;
  const current = index % count;

  return (
    <section
      className="oy-learn-banners"
      aria-roledescription="карусель"
      aria-label="Баннеры"
      data-testid="banners-widget"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="oy-learn-banners__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((b, i) => (
          <div
            key={b._id}
            className="oy-learn-slide"
            role="group"
            aria-roledescription="слайд"
            aria-label={`${i + 1} из ${count}: ${b.title}`}
            aria-hidden={i !== current}
          >
            <BannerSlide banner={b} hidden={i !== current} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="oy-learn-banners__arrow oy-learn-banners__arrow--prev" aria-label="Предыдущий баннер" onClick={() => setIndex((current - 1 + count) % count)}>
            ‹
          </button>
          <button type="button" className="oy-learn-banners__arrow oy-learn-banners__arrow--next" aria-label="Следующий баннер" onClick={() => setIndex((current + 1) % count)}>
            ›
          </button>
          <div className="oy-learn-banners__dots">
            {banners.map((b, i) => (
              <button
                key={b._id}
                type="button"
                className={`oy-learn-banners__dot${i === current ? ' oy-learn-banners__dot--active' : ''}`}
                aria-label={`Баннер ${i + 1} из ${count}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
