import type { FastifyInstance } from 'fastify';
import { readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import { createGalleryLink, galleryLinkList, removeGalleryLink, replaceGalleryLink } from './gallery-links.service';

const BASE = '/adminportal/photo-gallery-links/';
type WithId = { Params: { id: string } };

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

  app.put<WithId>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return replaceGalleryLink(app, id, form.fields);
  });

  app.delete<WithId>(`${BASE}:id/`, async (request, reply) => {
    await removeGalleryLink(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
