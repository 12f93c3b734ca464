import { sectionsOf } from '@oyster/shared-kit/domain';
import { routedSections } from '@oyster/shared-kit/ui/screens';
import { PLACEHOLDER_PATHS, SECTION_PAGES } from './routes';

// Headings and «Раздел готовится» come from PlaceholderRoutes (tested in shared-kit with every section of the registry).
test('remote_finance routes exactly the sections the registry gives it (pages or placeholders)', () => {
  expect(routedSections(SECTION_PAGES, PLACEHOLDER_PATHS)).toEqual(sectionsOf('remote_finance').map((s) => s.path).sort());
});
