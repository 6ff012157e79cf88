import type { FastifyInstance } from 'fastify';
import { personCreateSchema, personUpdateSchema } from '@darkroom/contracts';
import { currentAccount } from '../../auth/guard';
import { sendJson } from '../../lib/cached-json';
import { readForm } from '../../lib/read-form';
import { parseId, validate, type IdParams } from '../../lib/validate';
import type { PersonKind } from './people.repository';
import { createPerson, deletePersonById, listPeopleJson, updatePersonById, type PeopleDeps } from './people.service';

const BASES: [PersonKind, string][] = [
  ['user', '/adminportal/manage-users/'],
  ['admin', '/adminportal/manage-admins/'],
];

/** HTTP routes of the people area: users (customers) and admins, the same shapes under two paths. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const deps: PeopleDeps = { db: app.db, mailer: app.mailer, cache: app.cache, log: app.log };

  for (const [kind, base] of BASES) {
    app.get(base, async (_request, reply) => sendJson(reply, await listPeopleJson(deps, kind)));

    app.post(base, async (request, reply) => {
      const form = await readForm(request);
      const input = validate(personCreateSchema, form.fields);
      return reply.code(201).send(await createPerson(deps, kind, input));
    });

    app.patch<IdParams>(`${base}:id/`, async (request) => {
      const id = parseId(request.params.id);
      const form = await readForm(request);
      const input = validate(personUpdateSchema, form.fields);
      return updatePersonById(deps, kind, id, input, currentAccount(request));
    });

    app.delete<IdParams>(`${base}:id/`, async (request, reply) => {
      const id = parseId(request.params.id);
      await deletePersonById(deps, kind, id, currentAccount(request));
      return reply.code(204).send();
    });
  }
}
