import type { FastifyInstance } from 'fastify';
import { pageImagesApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import {
  createPageImage,
  deletePageImage,
  getPageImage,
  listPageImages,
  PAGE_IMAGES_TAG,
  pageTypes,
  updatePageImage,
} from './page-images.service';

/** HTTP routes of the page-images area. */
export async function pageImagesRoutes(app: FastifyInstance): Promise<void> {
  route(app, pageImagesApi.pageTypes, async () => pageTypes());
  route(app, pageImagesApi.list, ({ ctx, cached }) => cached(PAGE_IMAGES_TAG, 'list', () => listPageImages(ctx)));
  route(app, pageImagesApi.get, ({ ctx, params }) => getPageImage(ctx, params.id));
  route(app, pageImagesApi.create, ({ ctx, body, files }) => createPageImage(ctx, body, firstFile(files, 'image')!));
  route(app, pageImagesApi.update, ({ ctx, params, body, files }) => updatePageImage(ctx, params.id, body, firstFile(files, 'image')));
  route(app, pageImagesApi.remove, ({ ctx, params }) => deletePageImage(ctx, params.id));
}
