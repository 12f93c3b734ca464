/**
 * One section of the registry under the shell's router, behind its access flag (spec §6): a user
 * without `section.access` sees «Нет доступа» (the shell's own pages: `refused`, e.g. not-found)
 * and the section's remote is never loaded. A chunk of its own, loaded with the first section page,
 * so the login and home pages do not pay for `@oyster/shared-kit/ui/screens`.
 */
import * as React from 'react';
import type { SectionDef } from '@oyster/shared-kit/domain/platform';
import { RequireAccess } from '@oyster/shared-kit/ui/screens';
import { RemoteSection } from '../federation/RemoteSection';

export interface SectionRouteProps {
  section: SectionDef;
  /** The page of a section the shell renders itself (owner 'shell'). */
  page?: React.ComponentType;
  /** What a user without the flag sees on the shell's own pages (remote sections: «Нет доступа»). */
  refused?: React.ReactNode;
}

export default function SectionRoute({ section, page: Page, refused }: SectionRouteProps) {
  if (section.owner === 'shell') {
    return (
      <RequireAccess flag={section.access} fallback={refused}>
        {Page ? <Page /> : refused}
      </RequireAccess>
    );
  }
  return (
    <RequireAccess flag={section.access}>
      <RemoteSection remote={section.owner} section={section.path} />
    </RequireAccess>
  );
}
