import type { FastifyInstance } from 'fastify';
import { currentAccount } from '../../auth/guard';
import { readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
import { changeOwnPassword, updateOwnProfile, type AccountDeps } from './account.service';

/** HTTP routes of the account area: the signed-in admin's own profile and password. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps: AccountDeps = { db: app.db, config: app.config, limiter: app.limiter };

  app.patch<IdParams>('/accounts/update-profile/:id/', async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return updateOwnProfile(deps, currentAccount(request), id, form.fields);
  });

  app.put<IdParams>('/accounts/auth-admin/change-password/:id/', async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return changeOwnPassword(deps, currentAccount(request), request.tokenId, id, form.fields);
  });
}
