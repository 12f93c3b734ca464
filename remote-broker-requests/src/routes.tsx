import * as React from 'react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { SectionRoutes, type SectionPages } from '@oyster/shared-kit/ui/screens';

// Every page loads on demand (spec §2).
const BrokerRequestsPage = React.lazy(() => import(/* webpackChunkName: "requests-list" */ './pages/broker-requests/BrokerRequestsPage'));
const ProductPickerPage = React.lazy(() => import(/* webpackChunkName: "new-request" */ './pages/new-request-broker/ProductPickerPage'));
const NewRequestPage = React.lazy(() => import(/* webpackChunkName: "new-request" */ './pages/new-request-broker/NewRequestPage'));
const RequestPage = React.lazy(() => import(/* webpackChunkName: "request" */ './pages/request-broker/RequestPage'));

/** The pages of the broker-requests sections (lazy, as in remote-learning). */
export const SECTION_PAGES: SectionPages = {
  'broker-requests': [{ path: '', page: BrokerRequestsPage }],
  'new-request-broker': [
    { path: '', page: ProductPickerPage },
    { path: ':productType', page: NewRequestPage },
  ],
  'request-broker': [
    { path: ':requestId', page: RequestPage },
    { path: ':requestId/:step', page: RequestPage },
  ],
};

/** Every section of this remote has its screens now. */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {};

/**
 * remote_broker_requests/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`); unknown sections and sub-paths show the not-found page. Which sections are this
 * remote's, their titles and access flags are the registry's (`sectionsOf('remote_broker_requests')`).
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <SectionRoutes section={section} pages={SECTION_PAGES} placeholders={PLACEHOLDER_PATHS} />;
}
