import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTE } from '../../auth/guard';
import { cachedListRoute } from '../../lib/cached-json';
import { readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { ENQUIRIES_CACHE_TAG, enquiryList, receiveEnquiry, removeEnquiry } from './enquiries.service';

/**
 * HTTP routes of the enquiries area: the admin list and delete (the spec's spelling,
 * `user-enqueries`), and the public intake under /site/, which needs no token.
 */
export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, '/adminportal/user-enqueries/', ENQUIRIES_CACHE_TAG, () => enquiryList(app));

  app.delete<IdParams>('/adminportal/user-enqueries/:id/', async (request, reply) => {
    await removeEnquiry(app, parseId(request.params.id));
    return reply.code(204).send();
  });

  app.post('/site/enquiries/', PUBLIC_ROUTE, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await receiveEnquiry(app, form.fields, request.ip));
  });
}
