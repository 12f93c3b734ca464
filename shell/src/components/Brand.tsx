import * as React from 'react';
import './brand.css';

/** The Oyster word mark. */
export function Brand({ subtitle, href }: { subtitle?: string; href?: string }) {
  const body = (
    <>
      <span className="oy-brand__mark" aria-hidden="true">O</span>
      <span>
        <span className="oy-brand__name" style={{ display: 'block' }}>Oyster</span>
        {subtitle ? <span className="oy-brand__sub" style={{ display: 'block' }}>{subtitle}</span> : null}
      </span>
    </>
  );
  return href ? (
    <a className="oy-brand" href={href} aria-label="Oyster">
      {body}
    </a>
  ) : (
    <div className="oy-brand">{body}</div>
  );
}
