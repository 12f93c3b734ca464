import type { Domain } from '../platform/context.js';
import { osagoRoutes } from './routes/osago.js';
import { seedSales } from './seed.js';

/** Sales: e-OSAGO quotes from every insurer (remote-sales' api); contracts and the other calculators follow. */
export const sales: Domain = {
  name: 'sales',
  register(app, ctx) {
    osagoRoutes(app, ctx);
  },
  seed: (q) => seedSales(q),
};
