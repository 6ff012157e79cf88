import type { FastifyInstance } from 'fastify';
import { readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import { createServicePage, patchServicePage, SERVICE_PAGE_CACHE_TAG, servicePageList } from './service-page.service';

/** HTTP routes of the service page: one record, created once and then edited. */
export async function servicePageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adminportal/pages/service-content/', async (_request, reply) =>
    reply.type('application/json').send(await app.cache.json(SERVICE_PAGE_CACHE_TAG, 'list', () => servicePageList(app))),
  );

  app.post('/adminportal/pages/service-content/', async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createServicePage(app, form));
  });

  app.patch<{ Params: { id: string } }>('/adminportal/pages/service-content/:id/', async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return patchServicePage(app, id, form);
  });
}
