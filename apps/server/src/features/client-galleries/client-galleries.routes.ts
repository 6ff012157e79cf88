import type { FastifyInstance } from 'fastify';
import { clientGalleriesApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { DELIVERY_FAVOURITES_TAG, DELIVERY_TAG } from '../delivery/delivery.service';
import { PEOPLE_CACHE_TAG } from '../people/people.service';
import {
  clientGalleryById,
  clientGalleryList,
  createClientGallery,
  regenerateDeliveryLink,
  removeClientGallery,
  updateClientGalleryFields,
} from './client-galleries.service';

/**
 * What the cached list shows and who changes it: every client gallery write (DELIVERY_TAG), a
 * customer's favourites (their count), and the people area (the customer's name).
 */
const LIST_TAGS = [DELIVERY_TAG, DELIVERY_FAVOURITES_TAG, PEOPLE_CACHE_TAG];

/** HTTP routes of the client-galleries area. */
export async function clientGalleriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, clientGalleriesApi.list, ({ ctx, cached }) => cached(LIST_TAGS, 'client-galleries', () => clientGalleryList(ctx)));
  route(app, clientGalleriesApi.get, ({ ctx, params }) => clientGalleryById(ctx, params.id));
  route(app, clientGalleriesApi.create, ({ ctx, body, files }) => createClientGallery(ctx, body, firstFile(files, 'cover_image')!));
  route(app, clientGalleriesApi.update, ({ ctx, params, body, files }) =>
    updateClientGalleryFields(ctx, params.id, body, firstFile(files, 'cover_image')),
  );
  route(app, clientGalleriesApi.regenerate, ({ ctx, params }) => regenerateDeliveryLink(ctx, params.id));
  route(app, clientGalleriesApi.remove, ({ ctx, params }) => removeClientGallery(ctx, params.id));
}
