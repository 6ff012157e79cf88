import type { FastifyInstance } from 'fastify';
import { servicePageApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { createServicePage, patchServicePage, SERVICE_PAGE_CACHE_TAG, servicePageList } from './service-page.service';

/** HTTP routes of the service page: one record, created once and then edited. */
export async function servicePageRoutes(app: FastifyInstance): Promise<void> {
  route(app, servicePageApi.list, ({ ctx, cached }) => cached(SERVICE_PAGE_CACHE_TAG, 'list', () => servicePageList(ctx)));
  route(app, servicePageApi.create, ({ ctx, body, files }) => createServicePage(ctx, body, firstFile(files, 'image')!));
  route(app, servicePageApi.update, ({ ctx, params, body, files }) => patchServicePage(ctx, params.id, body, firstFile(files, 'image')));
}
