import type { FastifyInstance } from 'fastify';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { createTeamMember, deleteTeamMemberById, listTeamMembers, TEAM_CACHE_TAG, updateTeamMemberById } from './team.service';

const BASE = '/adminportal/pages/the-team/';

/** HTTP routes of the team area. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, BASE, TEAM_CACHE_TAG, () => listTeamMembers(app), 'all');

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createTeamMember(app, form.fields, fileOf(form, 'cover_image')));
  });

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return updateTeamMemberById(app, id, form.fields, fileOf(form, 'cover_image'));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await deleteTeamMemberById(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
