import type { FastifyInstance } from 'fastify';
import { galleryLinksApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { createGalleryLink, galleryLinkList, removeGalleryLink, replaceGalleryLink } from './gallery-links.service';

/**
 * HTTP routes of the gallery-links area. The list is read live: it shows customers' names and
 * client gallery titles, which other areas change.
 */
export async function galleryLinksRoutes(app: FastifyInstance): Promise<void> {
  route(app, galleryLinksApi.list, ({ ctx }) => galleryLinkList(ctx));
  route(app, galleryLinksApi.create, ({ ctx, body }) => createGalleryLink(ctx, body));
  route(app, galleryLinksApi.replace, ({ ctx, params, body }) => replaceGalleryLink(ctx, params.id, body));
  route(app, galleryLinksApi.remove, ({ ctx, params }) => removeGalleryLink(ctx, params.id));
}
