// The standalone harness: the shared one from shared-kit, with this remote's routes; its sections are the registry's.
import { startHarness } from '@oyster/shared-kit/harness';
import RemoteRoutes from '../routes';

void startHarness({ remote: 'remote_learning', Routes: RemoteRoutes });
