import type { FastifyInstance } from 'fastify';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import { createHomeGalleryImage, deleteHomeGalleryImage, homeGalleryListJson, updateHomeGalleryImage } from './home-gallery.service';

const BASE = '/adminportal/home-gallery-image/';
type IdParams = { Params: { id: string } };

/** HTTP routes of the home-gallery area. */
export async function homeGalleryRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async (_request, reply) => reply.type('application/json').send(await homeGalleryListJson(app)));

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
