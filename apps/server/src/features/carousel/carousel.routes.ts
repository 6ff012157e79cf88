import type { FastifyInstance } from 'fastify';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { CAROUSEL_CACHE_TAG, createCarouselItem, deleteCarouselItem, listCarouselItems, updateCarouselItem } from './carousel.service';

const BASE = '/adminportal/manage-carousel/';

/** HTTP routes of the carousel area. */
export async function carouselRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, BASE, CAROUSEL_CACHE_TAG, () => listCarouselItems(app));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createCarouselItem(app, form.fields, fileOf(form, 'image')));
  });

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return updateCarouselItem(app, id, form.fields, fileOf(form, 'image'));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await deleteCarouselItem(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
