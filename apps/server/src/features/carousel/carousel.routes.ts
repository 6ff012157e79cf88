import type { FastifyInstance } from 'fastify';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import { carouselListJson, createCarouselItem, deleteCarouselItem, updateCarouselItem } from './carousel.service';

const BASE = '/adminportal/manage-carousel/';
type IdParams = { Params: { id: string } };

/** HTTP routes of the carousel area. */
export async function carouselRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async (_request, reply) => reply.type('application/json').send(await carouselListJson(app)));

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
