import { sectionsOf } from '@oyster/shared-kit/domain';
import { PLACEHOLDER_PATHS } from './routes';

// Headings and «Раздел готовится» come from PlaceholderRoutes (tested in shared-kit with every section of the registry).
test('remote_broker_requests knows the sub-paths of exactly the sections the registry gives it', () => {
  expect(Object.keys(PLACEHOLDER_PATHS).sort()).toEqual(sectionsOf('remote_broker_requests').map((s) => s.path).sort());
});
