import type { FastifyInstance } from 'fastify';
import { readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { createLoveStory, loveStoryById, loveStoryList, removeLoveStory, updateLoveStoryFields } from './love-stories.service';

const BASE = '/adminportal/manage-love-stories/';

/**
 * HTTP routes of the love-stories area. Lists are read live rather than cached: they carry the
 * customer's name, which the people area changes without knowing about this list.
 */
export async function loveStoriesRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async () => loveStoryList(app));

  app.post(BASE, async (request, reply) => reply.code(201).send(await createLoveStory(app, await readForm(request))));

  app.get<IdParams>(`${BASE}:id/`, async (request) => loveStoryById(app, parseId(request.params.id)));

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    return updateLoveStoryFields(app, id, await readForm(request));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await removeLoveStory(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
