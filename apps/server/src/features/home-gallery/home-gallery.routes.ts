import type { FastifyInstance } from 'fastify';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import {
  createHomeGalleryImage,
  deleteHomeGalleryImage,
  HOME_GALLERY_CACHE_TAG,
  listHomeGalleryImages,
  updateHomeGalleryImage,
} from './home-gallery.service';

const BASE = '/adminportal/home-gallery-image/';

/** HTTP routes of the home-gallery area. */
export async function homeGalleryRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, BASE, HOME_GALLERY_CACHE_TAG, () => listHomeGalleryImages(app));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createHomeGalleryImage(app, form.fields, fileOf(form, 'cover_image')));
  });

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return updateHomeGalleryImage(app, id, form.fields, fileOf(form, 'cover_image'));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await deleteHomeGalleryImage(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
