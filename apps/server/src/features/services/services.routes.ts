import type { FastifyInstance } from 'fastify';
import { servicesApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { createService, deleteService, getService, listServices, orderServices, SERVICES_TAG, updateService } from './services.service';

/** The spec's client sends the one cover file three times; the first present is the cover. */
const COVER_FIELDS = ['cover_image', 'site_cover_image', 'orig_image'];

/** HTTP routes of the services area. */
export async function servicesRoutes(app: FastifyInstance): Promise<void> {
  route(app, servicesApi.list, ({ ctx, cached }) => cached(SERVICES_TAG, 'list', () => listServices(ctx)));
  route(app, servicesApi.get, ({ ctx, params }) => getService(ctx, params.id));
  route(app, servicesApi.create, ({ ctx, body, files }) => createService(ctx, body, firstFile(files, ...COVER_FIELDS)!));
  route(app, servicesApi.update, ({ ctx, params, body, files }) => updateService(ctx, params.id, body, firstFile(files, ...COVER_FIELDS)));
  route(app, servicesApi.remove, ({ ctx, params }) => deleteService(ctx, params.id));
  route(app, servicesApi.order, ({ ctx, body }) => orderServices(ctx, body.ids));
}
