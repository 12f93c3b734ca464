import * as React from 'react';
import { Link } from 'react-router-dom';
import { SectionTitle } from '@oyster/shared-kit/ui';

/** Where «←» goes from an item page: the list (or the item), and what the link says. */
export interface BackLink {
  to: string;
  label: string;
}

/**
 * The frame of every page: a back link (item pages), the h1 with actions on the right, the body.
 * A section's index page passes `section` (data-testid="section-page", as every remote's section root).
 */
export function PageFrame({
  title,
  extra,
  back,
  section,
  children,
}: {
  /** Left out while the page's item loads. */
  title?: React.ReactNode;
  extra?: React.ReactNode;
  back?: BackLink;
  section?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="oy-screen-page" {...(section ? { 'data-testid': 'section-page', 'data-section': section } : {})}>
      {back ? (
        <Link to={back.to} className="oy-screen-back">
          ← {back.label}
        </Link>
      ) : null}
      {title ? (
        <SectionTitle level={1} extra={extra}>
          {title}
        </SectionTitle>
      ) : null}
      {children}
    </div>
  );
}
