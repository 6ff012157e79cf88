import type { FastifyInstance } from 'fastify';
import { readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import { ENQUIRIES_CACHE_TAG, enquiryList, receiveEnquiry, removeEnquiry } from './enquiries.service';

/**
 * HTTP routes of the enquiries area: the admin list and delete (the spec's spelling,
 * `user-enqueries`), and the public intake under /site/, which needs no token.
 */
export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adminportal/user-enqueries/', async (_request, reply) =>
    reply.type('application/json').send(await app.cache.json(ENQUIRIES_CACHE_TAG, 'list', () => enquiryList(app))),
  );

  app.delete<{ Params: { id: string } }>('/adminportal/user-enqueries/:id/', async (request, reply) => {
    await removeEnquiry(app, parseId(request.params.id));
    return reply.code(204).send();
  });

  app.post('/site/enquiries/', async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await receiveEnquiry(app, form.fields, request.ip));
  });
}
