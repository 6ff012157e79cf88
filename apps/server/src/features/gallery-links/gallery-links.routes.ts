import type { FastifyInstance } from 'fastify';
import { galleryLinksApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { DELIVERY_TAG } from '../delivery/delivery.service';
import { PEOPLE_CACHE_TAG } from '../people/people.service';
import { createGalleryLink, GALLERY_LINKS_TAG, galleryLinkList, removeGalleryLink, replaceGalleryLink } from './gallery-links.service';

/**
 * What the cached list shows and who changes it: the links (their own writes), the titles of
 * client galleries (every client gallery write drops DELIVERY_TAG) and customers' names (the
 * people area; deleting a customer deletes their links too).
 */
const LIST_TAGS = [GALLERY_LINKS_TAG, DELIVERY_TAG, PEOPLE_CACHE_TAG];

/** HTTP routes of the gallery-links area. */
export async function galleryLinksRoutes(app: FastifyInstance): Promise<void> {
  route(app, galleryLinksApi.list, ({ ctx, cached }) => cached(LIST_TAGS, 'gallery-links', () => galleryLinkList(ctx)));
  route(app, galleryLinksApi.create, ({ ctx, body }) => createGalleryLink(ctx, body));
  route(app, galleryLinksApi.replace, ({ ctx, params, body }) => replaceGalleryLink(ctx, params.id, body));
  route(app, galleryLinksApi.remove, ({ ctx, params }) => removeGalleryLink(ctx, params.id));
}
