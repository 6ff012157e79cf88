import type { FastifyInstance } from 'fastify';
import { adminsApi, usersApi, type PeopleApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import type { PersonKind } from './people.repository';
import {
  createCustomer,
  createPerson,
  customerById,
  deletePersonById,
  listPeopleOf,
  PEOPLE_CACHE_TAG,
  personHoldingsById,
  searchCustomersFor,
  updatePersonById,
} from './people.service';

/** HTTP routes of the people area: users (customers) and admins, the same shapes under two paths. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  for (const [kind, api] of [
    ['user', usersApi],
    ['admin', adminsApi],
  ] as [PersonKind, PeopleApi][]) {
    // The users list is cached; the admins list is read live, because every sign-in (outside
    // this area) changes an admin's last_login.
    route(app, api.list, ({ ctx, cached }) =>
      kind === 'admin' ? listPeopleOf(ctx, kind) : cached(PEOPLE_CACHE_TAG, kind, () => listPeopleOf(ctx, kind)),
    );
    route(app, api.update, ({ ctx, params, body }) => updatePersonById(ctx, kind, params.id, body));
    route(app, api.remove, ({ ctx, params }) => deletePersonById(ctx, kind, params.id));
  }
  route(app, usersApi.create, ({ ctx, body }) => createCustomer(ctx, body));
  route(app, adminsApi.create, ({ ctx, body }) => createPerson(ctx, 'admin', body));
  route(app, usersApi.search, ({ ctx, query }) => searchCustomersFor(ctx, query.q, query.limit));
  route(app, usersApi.detail, ({ ctx, params }) => customerById(ctx, params.id));
  route(app, usersApi.holdings, ({ ctx, params }) => personHoldingsById(ctx, params.id));
}
