import type { FastifyInstance } from 'fastify';
import { dashboardSummary } from './dashboard.service';

/** HTTP routes of the dashboard area: one summary for the portal's landing screen. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adminportal/dashboard/', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return dashboardSummary(app);
  });
}
