import type { FastifyInstance } from 'fastify';
import { clientGalleriesApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import {
  clientGalleryById,
  clientGalleryList,
  createClientGallery,
  regenerateDeliveryLink,
  removeClientGallery,
  updateClientGalleryFields,
} from './client-galleries.service';

/**
 * HTTP routes of the client-galleries area. Lists are read live rather than cached: they carry the
 * customer's name, which the people area changes without knowing about this list.
 */
export async function clientGalleriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, clientGalleriesApi.list, ({ ctx }) => clientGalleryList(ctx));
  route(app, clientGalleriesApi.get, ({ ctx, params }) => clientGalleryById(ctx, params.id));
  route(app, clientGalleriesApi.create, ({ ctx, body, files }) => createClientGallery(ctx, body, firstFile(files, 'cover_image')!));
  route(app, clientGalleriesApi.update, ({ ctx, params, body, files }) =>
    updateClientGalleryFields(ctx, params.id, body, firstFile(files, 'cover_image')),
  );
  route(app, clientGalleriesApi.regenerate, ({ ctx, params }) => regenerateDeliveryLink(ctx, params.id));
  route(app, clientGalleriesApi.remove, ({ ctx, params }) => removeClientGallery(ctx, params.id));
}
