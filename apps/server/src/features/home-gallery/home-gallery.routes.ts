import type { FastifyInstance } from 'fastify';
import { homeGalleryApi } from '@darkroom/contracts';
import { imageEntityRoutes } from '../image-entities';
import { homeGallery } from './home-gallery.service';

/** HTTP routes of the home-gallery area. */
export async function homeGalleryRoutes(app: FastifyInstance): Promise<void> {
  imageEntityRoutes(app, homeGalleryApi, homeGallery);
}
