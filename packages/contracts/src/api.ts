import type { EndpointSpec } from './endpoint';
import { aboutApi } from './about';
import { accountApi } from './account';
import { authApi } from './auth';
import { backupApi } from './backup';
import { blogPostsApi, sitePostsApi } from './blog-posts';
import { carouselApi } from './carousel';
import { clientGalleriesApi } from './client-galleries';
import { clientGallerySetsApi } from './client-gallery-sets';
import { contactApi } from './contact';
import { dashboardApi } from './dashboard';
import { clientGalleryPageApi, deliveryApi } from './delivery';
import { selectionsApi } from './selections';
import { emailsApi } from './emails';
import { enquiriesApi } from './enquiries';
import { galleriesApi } from './galleries';
import { galleryLinksApi } from './gallery-links';
import { homeGalleryApi } from './home-gallery';
import { loveStoriesApi } from './love-stories';
import { mediaApi } from './media';
import { pageImagesApi } from './page-images';
import { adminsApi, usersApi } from './people';
import { auditApi } from './audit';
import { servicePageApi } from './service-page';
import { servicesApi } from './services';
import { siteApi } from './site';
import { siteSettingsApi } from './site-settings';
import { brandingApi, setupApi } from './branding';
import { watermarkApi } from './watermark';
import { teamApi } from './team';

/** Every endpoint of the API, by area: the one table routes, fetchers and /docs come from. */
export const API = {
  auth: authApi,
  account: accountApi,
  services: servicesApi,
  galleries: galleriesApi,
  pageImages: pageImagesApi,
  about: aboutApi,
  carousel: carouselApi,
  homeGallery: homeGalleryApi,
  contact: contactApi,
  loveStories: loveStoriesApi,
  clientGalleries: clientGalleriesApi,
  clientGallerySets: clientGallerySetsApi,
  delivery: deliveryApi,
  selections: selectionsApi,
  galleryLinks: galleryLinksApi,
  clientGalleryPage: clientGalleryPageApi,
  team: teamApi,
  users: usersApi,
  admins: adminsApi,
  enquiries: enquiriesApi,
  emails: emailsApi,
  activity: auditApi,
  servicePage: servicePageApi,
  dashboard: dashboardApi,
  media: mediaApi,
  site: siteApi,
  siteSettings: siteSettingsApi,
  branding: brandingApi,
  setup: setupApi,
  watermark: watermarkApi,
  backup: backupApi,
  blogPosts: blogPostsApi,
  sitePosts: sitePostsApi,
} as const;

const isEndpoint = (v: unknown): v is EndpointSpec => !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v;

/** Every declared endpoint, flattened. */
export function listEndpoints(table: object = API): EndpointSpec[] {
  const out: EndpointSpec[] = [];
  const walk = (node: unknown) => {
    if (isEndpoint(node)) out.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(table);
  return out;
}
