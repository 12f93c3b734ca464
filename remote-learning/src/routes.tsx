import * as React from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { Spin } from '@oyster/shared-kit/ui/base';
import { SECTIONS } from './sections';

const SectionPage = React.lazy(() => import('./pages/SectionPage'));
const NotFoundPage = React.lazy(() => import('./pages/NotFoundPage'));

function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

/**
 * remote_learning/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`). Unknown sections and sub-paths show this remote's not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  const info = SECTIONS[section];
  return (
    <React.Suspense fallback={<PageLoading />}>
      {info ? (
        <Routes>
          {info.paths.map((p) =>
            p === '' ? (
              <Route key="index" index element={<SectionPage section={section} info={info} />} />
            ) : (
              <Route key={p} path={p} element={<SectionPage section={section} info={info} />} />
            ),
          )}
          <Route path="*" element={<NotFoundPage section={section} />} />
        </Routes>
      ) : (
        <NotFoundPage section={section} />
      )}
    </React.Suspense>
  );
}
