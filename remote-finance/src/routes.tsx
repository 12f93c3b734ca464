import * as React from 'react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { PlaceholderRoutes } from '@oyster/shared-kit/ui/sections';
import { SECTIONS } from './sections';

/**
 * remote_finance/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`). Until this domain's screens land, every section shows its honest
 * placeholder; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <PlaceholderRoutes section={section} sections={SECTIONS} />;
}
