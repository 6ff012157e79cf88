import type { FastifyInstance } from 'fastify';
import { auditApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { listActivity } from './activity.service';

/** HTTP routes of the activity log (admins only, read only: entries are written by activity.hook.ts). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, auditApi.list, ({ ctx, query }) => listActivity(ctx, query));
}
