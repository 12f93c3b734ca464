import * as React from 'react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { PlaceholderRoutes } from '@oyster/shared-kit/ui/sections';

/**
 * The known sub-paths of each section this remote renders (relative route patterns, '' = the
 * section itself). Which sections are this remote's, their titles and access flags are the
 * registry's (`sectionsOf('remote_broker_requests')` in @oyster/shared-kit/domain).
 */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {
  'broker-requests': [''],
  'new-request-broker': ['', ':productType'],
  'request-broker': [':requestId', ':requestId/:step'],
};

/**
 * remote_broker_requests/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`). Until this domain's screens land, every section shows its honest
 * placeholder under the registry's heading; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <PlaceholderRoutes section={section} paths={PLACEHOLDER_PATHS} />;
}
