import { access, sectionOf, sectionTitle, type SessionUser } from '@oyster/shared-kit/domain/platform';

/** What the header shows for the current path: the registry's title of its section (for this user). */
export function pageTitleFor(pathname: string, user: SessionUser | null): string {
  const section = sectionOf(pathname);
  return section ? sectionTitle(section, access(user)) : '';
}
