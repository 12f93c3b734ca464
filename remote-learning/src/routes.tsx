import * as React from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { ScreenScope, SectionRoutes, type PageRoute, type SectionPages } from '@oyster/shared-kit/ui/screens';
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

/** Copywriters and admins only (access().canEditLearning); others see «Нет доступа» and why. */
const editorsOnly = (path: string, page: React.ComponentType): PageRoute => ({ path, page, access: 'canEditLearning', reason: EDITORS_ONLY });

/** The pages of each section this remote owns, relative to where the shell mounted it. */
export const SECTION_PAGES: SectionPages = {
  news: [
    { path: '', page: NewsListPage },
    editorsOnly('new', NewsEditPage),
    { path: ':newsId', page: NewsPage },
    editorsOnly(':newsId/edit', NewsEditPage),
  ],
  knowledge: [
    { path: '', page: KnowledgeListPage },
    editorsOnly('new', ArticleEditPage),
    { path: ':articleId', page: ArticlePage },
    editorsOnly(':articleId/edit', ArticleEditPage),
  ],
  academy: [
    { path: '', page: CourseListPage },
    editorsOnly('new', CourseEditPage),
    { path: ':courseId', page: CoursePage },
    editorsOnly(':courseId/edit', CourseEditPage),
  ],
  media: [
    { path: '', page: MediaPage },
    editorsOnly('banners', BannersPage),
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
  return (
    <ScreenScope name="learning">
      <ScrollToTopOnPathChange />
      <SectionRoutes section={section} pages={SECTION_PAGES} />
    </ScreenScope>
  );
}
