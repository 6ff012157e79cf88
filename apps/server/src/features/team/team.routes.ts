import type { FastifyInstance } from 'fastify';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import { createTeamMember, deleteTeamMemberById, listTeamJson, updateTeamMemberById } from './team.service';

const BASE = '/adminportal/pages/the-team/';

/** HTTP routes of the team area. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async (_request, reply) => reply.type('application/json').send(await listTeamJson(app)));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createTeamMember(app, form.fields, fileOf(form, 'cover_image')));
  });

  app.patch<{ Params: { id: string } }>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return updateTeamMemberById(app, id, form.fields, fileOf(form, 'cover_image'));
  });

  app.delete<{ Params: { id: string } }>(`${BASE}:id/`, async (request, reply) => {
    await deleteTeamMemberById(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
