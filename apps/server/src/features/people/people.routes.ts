import type { FastifyInstance } from 'fastify';
import { adminsApi, usersApi, type PeopleApi } from '@darkroom/contracts';
import { ACCOUNTS_CACHE_TAG } from '../../auth/auth.service';
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

const PEOPLE_LIST_TAGS = [PEOPLE_CACHE_TAG, ACCOUNTS_CACHE_TAG];

/** HTTP routes of the people area: users (customers) and admins, the same shapes under two paths. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  for (const [kind, api] of [
    ['user', usersApi],
    ['admin', adminsApi],
  ] as [PersonKind, PeopleApi][]) {
    // Both lists come from the response cache. People's own writes drop them (PEOPLE_CACHE_TAG);
    // a sign-in or a profile edit, outside this area, drops them too (ACCOUNTS_CACHE_TAG). Read
    // from the database on every request, the admins list answered 1.6% as fast as bare Fastify
    // on PGlite and 5% on PostgreSQL.
    route(app, api.list, ({ ctx, cached }) => cached(PEOPLE_LIST_TAGS, kind, () => listPeopleOf(ctx, kind)));
    route(app, api.update, ({ ctx, params, body }) => updatePersonById(ctx, kind, params.id, body));
    route(app, api.remove, ({ ctx, params }) => deletePersonById(ctx, kind, params.id));
  }
  route(app, usersApi.create, ({ ctx, body }) => createCustomer(ctx, body));
  route(app, adminsApi.create, ({ ctx, body }) => createPerson(ctx, 'admin', body));
  route(app, usersApi.search, ({ ctx, query }) => searchCustomersFor(ctx, query.q, query.limit));
  route(app, usersApi.detail, ({ ctx, params }) => customerById(ctx, params.id));
  route(app, usersApi.holdings, ({ ctx, params }) => personHoldingsById(ctx, params.id));
}
