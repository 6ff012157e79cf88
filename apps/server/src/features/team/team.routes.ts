import type { FastifyInstance } from 'fastify';
import { teamApi } from '@darkroom/contracts';
import { imageEntityRoutes } from '../image-entities';
import { team } from './team.service';

/** HTTP routes of the team area. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  imageEntityRoutes(app, teamApi, team);
}
