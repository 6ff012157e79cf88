import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { dashboardSummary } from './dashboard.service';

/** HTTP routes of the dashboard area: one summary for the portal's landing screen. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, dashboardApi.summary, ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    return dashboardSummary(ctx);
  });
}
