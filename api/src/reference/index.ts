import type { Domain } from '../platform/context.js';
import { initStateRoutes } from './routes/init-state.js';
import { dictionaryRoutes } from './routes/dictionaries.js';
import { partnerRoutes } from './routes/partners.js';
import { seedReference } from './seed.js';

/** Reference data every screen reads: init-state (insurers, products, networks, managers, curators) and dictionaries; the partners and tariff mapping Управление edits. */
export const reference: Domain = {
  name: 'reference',
  register(app, ctx) {
    initStateRoutes(app, ctx);
    dictionaryRoutes(app, ctx);
    partnerRoutes(app, ctx);
  },
  seed: (q) => seedReference(q),
};
