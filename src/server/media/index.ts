/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { mediaRoutes } from './media-routes';
export { mediaStorage, type MediaStorage } from './media-storage';
export { storeServerMedia } from './media-store';
export { detectMedia } from './media-types';
