// The standalone harness: the shared one from shared-kit, with this remote's sections and routes.
import { startHarness } from '@oyster/shared-kit/harness';
import { SECTIONS } from '../sections';
import RemoteRoutes from '../routes';

void startHarness({ name: 'remote-communications', sections: SECTIONS, Routes: RemoteRoutes });
