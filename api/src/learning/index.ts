import type { Domain } from '../platform/context.js';
import { postRoutes } from './routes/posts.js';
import { academyRoutes } from './routes/academy.js';
import { libraryRoutes } from './routes/library.js';
import { uploadRoutes } from './routes/uploads.js';
import { seedLearning } from './seed.js';
import { LEARNING_MEDIA_REFERENCES } from './references.js';

/** News, knowledge, academy, banners, the media library and their uploads (remote-learning's api). */
export const learning: Domain = {
  name: 'learning',
  register(app, ctx) {
    postRoutes(app, ctx);
    academyRoutes(app, ctx);
    libraryRoutes(app, ctx);
    uploadRoutes(app, ctx);
  },
  seedContent: (db, { media }) => seedLearning(db, media),
  fileReferences: [LEARNING_MEDIA_REFERENCES],
};
