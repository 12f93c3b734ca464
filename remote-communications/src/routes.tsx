import * as React from 'react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { SectionRoutes, type SectionPages } from '@oyster/shared-kit/ui/screens';

// Every page loads on demand (spec §2).
const ChatsPage = React.lazy(() => import(/* webpackChunkName: "chats" */ './pages/chats/ChatsPage'));
const CampaignsPage = React.lazy(() => import(/* webpackChunkName: "campaigns" */ './pages/campaigns/CampaignsPage'));
const CampaignPage = React.lazy(() => import(/* webpackChunkName: "campaign" */ './pages/campaigns/CampaignPage'));
const CampaignEditPage = React.lazy(() => import(/* webpackChunkName: "campaign-edit" */ './pages/campaigns/CampaignEditPage'));
const WebinarsPage = React.lazy(() => import(/* webpackChunkName: "webinars" */ './pages/webinars/WebinarsPage'));
const WebinarPage = React.lazy(() => import(/* webpackChunkName: "webinar" */ './pages/webinars/WebinarPage'));
const WebinarEditPage = React.lazy(() => import(/* webpackChunkName: "webinar-edit" */ './pages/webinars/WebinarEditPage'));
const NotificationsPage = React.lazy(() => import(/* webpackChunkName: "notifications" */ './pages/notifications/NotificationsPage'));

const PLAN_WEBINARS = 'Планировать вебинары могут копирайтеры и администраторы.';

/** The pages of the sections whose screens have landed (lazy, as in remote-learning). */
export const SECTION_PAGES: SectionPages = {
  notifications: [{ path: '', page: NotificationsPage }],
  campaigns: [
    { path: '', page: CampaignsPage },
    { path: 'new', page: CampaignEditPage },
    { path: ':campaignId', page: CampaignPage },
    { path: ':campaignId/edit', page: CampaignEditPage },
  ],
  chats: [
    { path: '', page: ChatsPage },
    { path: ':chatId', page: ChatsPage },
  ],
  webinar: [
    { path: '', page: WebinarsPage },
    { path: 'new', page: WebinarEditPage, access: 'canManageWebinars', reason: PLAN_WEBINARS },
    { path: ':webinarId', page: WebinarPage },
    { path: ':webinarId/edit', page: WebinarEditPage, access: 'canManageWebinars', reason: PLAN_WEBINARS },
  ],
};

/**
 * The known sub-paths of each section still waiting for its screens (relative route patterns, '' = the
 * section itself). Which sections are this remote's, their titles and access flags are the
 * registry's (`sectionsOf('remote_communications')` in @oyster/shared-kit/domain).
 */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {};

/**
 * remote_communications/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`): a landed section's pages (SECTION_PAGES), else its honest placeholder under
 * the registry's heading; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <SectionRoutes section={section} pages={SECTION_PAGES} placeholders={PLACEHOLDER_PATHS} />;
}
