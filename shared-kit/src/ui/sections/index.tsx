/**
 * `@oyster/shared-kit/ui/sections`: the routes of a remote whose domain screens have not landed
 * yet. Each section shows its heading from the section registry and an honest «Раздел готовится»
 * (no fake data); unknown sub-paths show the remote's not-found page. A remote replaces this with
 * its own routes table when its screens arrive (remote-learning is the example).
 */
import * as React from 'react';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { sectionOf, type SectionDef } from '@oyster/shared-kit/domain/platform';
import { Button } from '@oyster/shared-kit/ui/base';
import { Result, SectionTitle } from '@oyster/shared-kit/ui';

/** The h1 of a section's page: its heading, else its title (the registry's). */
export function sectionHeading(section: SectionDef): string {
  return section.heading ?? section.title;
}

export function SectionPlaceholder({ section, title }: { section: string; title: string }) {
  const params = useParams();
  const hasParams = Object.keys(params).some((k) => k !== '*' && params[k]);
  return (
    <div data-testid="section-page" data-section={section}>
      <SectionTitle level={1}>{title}</SectionTitle>
      <Result
        status="info"
        title="Раздел готовится"
        subTitle={
          hasParams
            ? 'Экраны этого раздела ещё готовятся. Здесь появится выбранная запись.'
            : 'Экраны этого раздела ещё готовятся и скоро появятся здесь.'
        }
      />
    </div>
  );
}

/** An unknown sub-path inside a remote's section. */
export function SectionNotFound({ section }: { section: string }) {
  return (
    <Result
      data-testid="remote-not-found"
      status="404"
      title="Страница не найдена"
      subTitle="Такой страницы в этом разделе нет."
      extra={
        <Link to={`/${section}`}>
          <Button type="primary">К разделу</Button>
        </Link>
      }
    />
  );
}

/**
 * The section the shell mounted (`section`): its known sub-paths (`paths[section]`, relative route
 * patterns, '' = the section itself; the remote's business) show the placeholder under the
 * registry's heading; anything else, or a section the remote does not list, is not found.
 */
export function PlaceholderRoutes({ section, paths }: { section: string; paths: Record<string, readonly string[]> }) {
  const def = sectionOf(section);
  const known = paths[section];
  if (!def || def.path !== section || !known) return <SectionNotFound section={section} />;
  const placeholder = <SectionPlaceholder section={section} title={sectionHeading(def)} />;
  return (
    <Routes>
      {known.map((p) => (p === '' ? <Route key="index" index element={placeholder} /> : <Route key={p} path={p} element={placeholder} />))}
      <Route path="*" element={<SectionNotFound section={section} />} />
    </Routes>
  );
}
