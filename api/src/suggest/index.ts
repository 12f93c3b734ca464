import type { Domain } from '../platform/context.js';
import { createSuggestService } from './service.js';
import { suggestRoutes } from './routes/suggest.js';

/**
 * The suggestion gateway (§7): DaData when DADATA_API_KEY is set (DADATA_URL overrides its address),
 * the offline data set in api/data/suggest otherwise.
 */
export const suggest: Domain = {
  name: 'suggest',
  register(app, ctx) {
    const service = createSuggestService({
      dadataApiKey: process.env.DADATA_API_KEY || null,
      dadataUrl: process.env.DADATA_URL || null,
      dataDirHints: [ctx.staticRoot],
      warn: (info, message) => app.log.warn(info, message),
    });
    suggestRoutes(app, service);
  },
};
