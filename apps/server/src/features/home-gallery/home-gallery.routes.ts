import type { FastifyInstance } from 'fastify';
import { homeGalleryApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import {
  createHomeGalleryImage,
  deleteHomeGalleryImage,
  HOME_GALLERY_CACHE_TAG,
  listHomeGalleryImages,
  updateHomeGalleryImage,
} from './home-gallery.service';

/** HTTP routes of the home-gallery area. */
export async function homeGalleryRoutes(app: FastifyInstance): Promise<void> {
  route(app, homeGalleryApi.list, ({ ctx, cached }) => cached(HOME_GALLERY_CACHE_TAG, 'list', () => listHomeGalleryImages(ctx)));
  route(app, homeGalleryApi.create, ({ ctx, body, files }) => createHomeGalleryImage(ctx, body, firstFile(files, 'cover_image')!));
  route(app, homeGalleryApi.update, ({ ctx, params, body, files }) =>
    updateHomeGalleryImage(ctx, params.id, body, firstFile(files, 'cover_image')),
  );
  route(app, homeGalleryApi.remove, ({ ctx, params }) => deleteHomeGalleryImage(ctx, params.id));
}
