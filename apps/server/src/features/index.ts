import type { FastifyInstance } from 'fastify';
import { servicesRoutes } from './services/services.routes';
import { galleriesRoutes } from './galleries/galleries.routes';
import { pageImagesRoutes } from './page-images/page-images.routes';
import { aboutRoutes } from './about/about.routes';
import { carouselRoutes } from './carousel/carousel.routes';
import { homeGalleryRoutes } from './home-gallery/home-gallery.routes';
import { contactRoutes } from './contact/contact.routes';
import { loveStoriesRoutes } from './love-stories/love-stories.routes';
import { clientGalleriesRoutes } from './client-galleries/client-galleries.routes';
import { galleryLinksRoutes } from './gallery-links/gallery-links.routes';
import { teamRoutes } from './team/team.routes';
import { peopleRoutes } from './people/people.routes';
import { enquiriesRoutes } from './enquiries/enquiries.routes';
import { emailsRoutes } from './emails/emails.routes';
import { accountRoutes } from './account/account.routes';
import { servicePageRoutes } from './service-page/service-page.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { auditRoutes } from './activity/activity.routes';
import { siteRoutes } from './site/site.routes';
import { originalsRoutes } from '../media/media.routes';
import { backupRoutes } from '../backup/backup.routes';

/** Every area's routes; each area lives in its own folder. */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(servicesRoutes);
  await app.register(galleriesRoutes);
  await app.register(pageImagesRoutes);
  await app.register(aboutRoutes);
  await app.register(carouselRoutes);
  await app.register(homeGalleryRoutes);
  await app.register(contactRoutes);
  await app.register(loveStoriesRoutes);
  await app.register(clientGalleriesRoutes);
  await app.register(galleryLinksRoutes);
  await app.register(teamRoutes);
  await app.register(peopleRoutes);
  await app.register(enquiriesRoutes);
  await app.register(emailsRoutes);
  await app.register(accountRoutes);
  await app.register(servicePageRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditRoutes);
  await app.register(siteRoutes);
  await app.register(originalsRoutes);
  await app.register(backupRoutes);
}
