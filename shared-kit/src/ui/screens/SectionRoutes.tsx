import * as React from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AccessFlag } from '@oyster/shared-kit/domain';
import { PlaceholderRoutes, SectionNotFound } from '@oyster/shared-kit/ui/sections';
import { PageLoading } from '@oyster/shared-kit/ui/screens/widgets';
import { RequireAccess } from './RequireAccess';

/** One page of a section, relative to where the shell mounted the section. */
export interface PageRoute {
  /** Relative route pattern ('' is the section itself, ':id', ':id/edit', …). */
  path: string;
  /** The page, loaded lazily (React.lazy) so a section pays only for what it shows. */
  page: React.ComponentType;
  /** A page narrower than its section: users without the flag read «Нет доступа» and `reason`. */
  access?: AccessFlag;
  reason?: string;
}

/** A remote's pages by section: `{ news: [{ path: '', page: NewsListPage }, …] }`. */
export type SectionPages = Record<string, readonly PageRoute[]>;

/**
 * A remote's routes entry, the same in every remote: the pages of the sections whose screens have
 * landed (`pages`), the honest placeholder of the others (`placeholders`: their known sub-paths),
 * the not-found page for anything else. Which sections are the remote's, their titles and the flags
 * that gate them are the registry's; adding a page is one line in `pages`.
 */
export function SectionRoutes({
  section,
  pages,
  placeholders = {},
}: {
  section: string;
  pages: SectionPages;
  placeholders?: Record<string, readonly string[]>;
}) {
  const routes = pages[section];
  if (!routes) return <PlaceholderRoutes section={section} paths={placeholders} />;
  return (
    <React.Suspense fallback={<PageLoading />}>
      <Routes>
        {routes.map(({ path, page: Page, access, reason }) => {
          const element = (
            <RequireAccess flag={access} reason={reason}>
              <Page />
            </RequireAccess>
          );
          return path === '' ? <Route key="index" index element={element} /> : <Route key={path} path={path} element={element} />;
        })}
        <Route path="*" element={<SectionNotFound section={section} />} />
      </Routes>
    </React.Suspense>
  );
}

/** The sections a remote's routes know (pages and placeholders), for a test against the registry. */
export function routedSections(pages: SectionPages, placeholders: Record<string, readonly string[]> = {}): string[] {
  return [...new Set([...Object.keys(pages), ...Object.keys(placeholders)])].sort();
}
