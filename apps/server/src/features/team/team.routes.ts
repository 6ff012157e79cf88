import type { FastifyInstance } from 'fastify';
import { teamApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { createTeamMember, deleteTeamMemberById, listTeamMembers, TEAM_CACHE_TAG, updateTeamMemberById } from './team.service';

/** HTTP routes of the team area. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  route(app, teamApi.list, ({ ctx, cached }) => cached(TEAM_CACHE_TAG, 'all', () => listTeamMembers(ctx)));
  route(app, teamApi.create, ({ ctx, body, files }) => createTeamMember(ctx, body, firstFile(files, 'cover_image')!));
  route(app, teamApi.update, ({ ctx, params, body, files }) => updateTeamMemberById(ctx, params.id, body, firstFile(files, 'cover_image')));
  route(app, teamApi.remove, ({ ctx, params }) => deleteTeamMemberById(ctx, params.id));
}
