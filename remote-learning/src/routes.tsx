import * as React from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { SectionNotFound } from '@oyster/shared-kit/ui/sections';
import { PageLoading, RequireAccess, ScreenScope } from '@oyster/shared-kit/ui/screens';
import './styles/common.css';
import './styles/pages.css';

// Every page loads on demand (spec §2).
const NewsListPage = React.lazy(() => import(/* webpackChunkName: "news-list" */ './pages/news/NewsListPage'));
const NewsPage = React.lazy(() => import(/* webpackChunkName: "news-item" */ './pages/news/NewsPage'));
const NewsEditPage = React.lazy(() => import(/* webpackChunkName: "news-edit" */ './pages/news/NewsEditPage'));
const KnowledgeListPage = React.lazy(() => import(/* webpackChunkName: "knowledge-list" */ './pages/knowledge/KnowledgeListPage'));
const ArticlePage = React.lazy(() => import(/* webpackChunkName: "knowledge-item" */ './pages/knowledge/ArticlePage'));
const ArticleEditPage = React.lazy(() => import(/* webpackChunkName: "knowledge-edit" */ './pages/knowledge/ArticleEditPage'));
const CourseListPage = React.lazy(() => import(/* webpackChunkName: "academy-list" */ './pages/academy/CourseListPage'));
const CoursePage = React.lazy(() => import(/* webpackChunkName: "academy-course" */ './pages/academy/CoursePage'));
const CourseEditPage = React.lazy(() => import(/* webpackChunkName: "academy-edit" */ './pages/academy/CourseEditPage'));
const MediaPage = React.lazy(() => import(/* webpackChunkName: "media" */ './pages/media/MediaPage'));
const BannersPage = React.lazy(() => import(/* webpackChunkName: "media-banners" */ './pages/media/BannersPage'));

const EDITORS_ONLY = 'Редактировать материалы могут копирайтеры и администраторы.';

interface PageRoute {
  /** Relative to the section ('' is the section itself). */
  path: string;
  page: React.ComponentType;
  /** Copywriters and admins only (access().canEditLearning); others see «Нет доступа» and why. */
  editorsOnly?: boolean;
}

/** The pages of each section this remote owns, relative to where the shell mounted it. */
export const SECTION_ROUTES: Record<string, PageRoute[]> = {
  news: [
    { path: '', page: NewsListPage },
    { path: 'new', page: NewsEditPage, editorsOnly: true },
    { path: ':newsId', page: NewsPage },
    { path: ':newsId/edit', page: NewsEditPage, editorsOnly: true },
  ],
  knowledge: [
    { path: '', page: KnowledgeListPage },
    { path: 'new', page: ArticleEditPage, editorsOnly: true },
    { path: ':articleId', page: ArticlePage },
    { path: ':articleId/edit', page: ArticleEditPage, editorsOnly: true },
  ],
  academy: [
    { path: '', page: CourseListPage },
    { path: 'new', page: CourseEditPage, editorsOnly: true },
    { path: ':courseId', page: CoursePage },
    { path: ':courseId/edit', page: CourseEditPage, editorsOnly: true },
  ],
  media: [
    { path: '', page: MediaPage },
    { path: 'banners', page: BannersPage, editorsOnly: true },
  ],
};

/** A new page starts at its top (filters and tabs change the query only and keep the scroll). */
function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  React.useEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}

/**
 * remote_learning/Routes: the pages of one section (news, knowledge, academy, media), mounted by the
 * shell at `/app/<section>/*`. Unknown sections and sub-paths show this remote's not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  const routes = SECTION_ROUTES[section];
  return (
    <ScreenScope name="learning">
      <React.Suspense fallback={<PageLoading />}>
        <ScrollToTopOnPathChange />
        {routes ? (
          <Routes>
            {routes.map(({ path, page: Page, editorsOnly }) => {
              const element = (
                <RequireAccess flag={editorsOnly ? 'canEditLearning' : undefined} reason={EDITORS_ONLY}>
                  <Page />
                </RequireAccess>
              );
              return path === '' ? <Route key="index" index element={element} /> : <Route key={path} path={path} element={element} />;
            })}
            <Route path="*" element={<SectionNotFound section={section} />} />
          </Routes>
        ) : (
          <SectionNotFound section={section} />
        )}
      </React.Suspense>
    </ScreenScope>
  );
}
