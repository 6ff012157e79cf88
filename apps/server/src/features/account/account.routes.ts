import type { FastifyInstance } from 'fastify';
import { accountApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { changeOwnPassword, updateOwnProfile } from './account.service';

/** HTTP routes of the account area: the signed-in admin's own profile and password. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, accountApi.updateProfile, ({ ctx, params, body }) => updateOwnProfile(ctx, params.id, body));
  route(app, accountApi.changePassword, ({ ctx, params, body }) => changeOwnPassword(ctx, params.id, body));
}
