import type { FastifyInstance } from 'fastify';
import { readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { createGalleryLink, galleryLinkList, removeGalleryLink, replaceGalleryLink } from './gallery-links.service';

const BASE = '/adminportal/photo-gallery-links/';

/**
 * HTTP routes of the gallery-links area. The list is read live: it shows customers' names and
 * client gallery titles, which other areas change.
 */
export async function galleryLinksRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async () => galleryLinkList(app));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createGalleryLink(app, form.fields));
  });

  app.put<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return replaceGalleryLink(app, id, form.fields);
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await removeGalleryLink(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
