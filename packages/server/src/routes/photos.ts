import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { getPhotos, savePhotos, setLogo, uploadPhoto } from '../services/photos.js';
import { fileStoreFor } from '../services/uploads/fileStore.js';
import { serveUpload } from '../services/uploads/serve.js';

// A property's photos, logo and uploads; `owns` has resolved the property (one the caller works at, any for an
// admin).
export const photosHandlers: AreaHandlers<Contract['photos']> = {
  image: ({ params, query }, ctx) =>
    serveUpload(
      ctx.db,
      fileStoreFor(ctx.config, ctx.db, (m, e) => ctx.logger.error(m, e)),
      params.name,
      query.w ?? null,
    ),
  upload: ({ body }, ctx) =>
    uploadPhoto(
      ctx.db,
      fileStoreFor(ctx.config, ctx.db, (m, e) => ctx.logger.error(m, e)),
      ctx,
      body.propertyId,
      body.image,
    ),
  list: ({ params }, ctx) => getPhotos(ctx.db, params.id),
  save: ({ params, body }, ctx) => savePhotos(ctx.db, ctx, params.id, body),
  setLogo: ({ params, body }, ctx) => setLogo(ctx.db, ctx, params.id, body),
};
