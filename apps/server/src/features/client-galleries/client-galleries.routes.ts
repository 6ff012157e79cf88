import type { FastifyInstance } from 'fastify';
import { readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import {
  createClientGallery,
  clientGalleryById,
  clientGalleryList,
  removeClientGallery,
  updateClientGalleryFields,
} from './client-galleries.service';

const BASE = '/adminportal/manage-client-galleries/';

/**
 * HTTP routes of the client-galleries area. Lists are read live rather than cached: they carry the
 * customer's name, which the people area changes without knowing about this list.
 */
export async function clientGalleriesRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async () => clientGalleryList(app));

  app.post(BASE, async (request, reply) => reply.code(201).send(await createClientGallery(app, await readForm(request))));

  app.get<IdParams>(`${BASE}:id/`, async (request) => clientGalleryById(app, parseId(request.params.id)));

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    return updateClientGalleryFields(app, id, await readForm(request));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await removeClientGallery(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
