import type { FastifyInstance } from 'fastify';
import { cachedListRoute } from '../../lib/cached-json';
import { readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { createServicePage, patchServicePage, SERVICE_PAGE_CACHE_TAG, servicePageList } from './service-page.service';

/** HTTP routes of the service page: one record, created once and then edited. */
export async function servicePageRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, '/adminportal/pages/service-content/', SERVICE_PAGE_CACHE_TAG, () => servicePageList(app));

  app.post('/adminportal/pages/service-content/', async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createServicePage(app, form));
  });

  app.patch<IdParams>('/adminportal/pages/service-content/:id/', async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return patchServicePage(app, id, form);
  });
}
