/**
 * `@oyster/shared-kit/ui/sections`: the routes of a remote whose domain screens have not landed
 * yet. Each section shows its title and an honest «Раздел готовится» (no fake data); unknown
 * sub-paths show the remote's not-found page. A remote replaces this with its own routes table
 * when its screens arrive (remote-learning is the example).
 */
import * as React from 'react';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { Result, SectionTitle } from '@oyster/shared-kit/ui';

export interface SectionInfo {
  title: string;
  /** Relative route patterns under the section ('' = the section itself); others are not found. */
  paths: string[];
}

export function SectionPlaceholder({ section, info }: { section: string; info: SectionInfo }) {
  const params = useParams();
  const hasParams = Object.keys(params).some((k) => k !== '*' && params[k]);
  return (
    <div data-testid="section-page" data-section={section}>
      <SectionTitle level={1}>{info.title}</SectionTitle>
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

/** The section the shell mounted (`section`), with its known sub-paths; anything else is not found. */
export function PlaceholderRoutes({ section, sections }: { section: string; sections: Record<string, SectionInfo> }) {
  const info = sections[section];
  if (!info) return <SectionNotFound section={section} />;
  return (
    <Routes>
      {info.paths.map((p) =>
        p === '' ? (
          <Route key="index" index element={<SectionPlaceholder section={section} info={info} />} />
        ) : (
          <Route key={p} path={p} element={<SectionPlaceholder section={section} info={info} />} />
        ),
      )}
      <Route path="*" element={<SectionNotFound section={section} />} />
    </Routes>
  );
}
