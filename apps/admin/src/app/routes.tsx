import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_TITLES, type RoutePath } from './route-paths';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

/** The code of each screen inside the admin layout, loaded on demand. */
const PAGES: Record<RoutePath, Page> = {
  '/dashboard': page(() => import('../features/dashboard/dashboard-page')),
  '/Home': page(() => import('../features/site/home-page')),
  '/About': page(() => import('../features/about/about-page')),
  '/Contact-us': page(() => import('../features/contact/contact-us-page')),
  '/Contact-us-info': page(() => import('../features/contact/contact-info-page')),
  '/Love-stories': page(() => import('../features/love-stories/love-stories-page')),
  '/ManageLoveStory': page(() => import('../features/love-stories/manage-love-story-page')),
  '/Client-gallery': page(() => import('../features/client-galleries/client-galleries-page')),
  '/ClientGalleries': page(() => import('../features/client-galleries/client-photos-page')),
  '/Services': page(() => import('../features/service-page/service-page')),
  '/portfolio': page(() => import('../features/services/services-page')),
  '/ManageCategory': page(() => import('../features/services/manage-service-gallery-page')),
  '/the-team': page(() => import('../features/team/team-page')),
  '/User-enquiries': page(() => import('../features/enquiries/enquiries-page')),
  '/Manage-users': page(() => import('../features/people/users-page')),
  '/Manage-admins': page(() => import('../features/people/admins-page')),
  '/Manage-emails': page(() => import('../features/emails/emails-page')),
  '/Activity': page(() => import('../features/activity/activity-page')),
  '/Site-settings': page(() => import('../features/site-settings/site-settings-page')),
  '/Gallery-links': page(() => import('../features/gallery-links/gallery-links-page')),
  '/UserProfile': page(() => import('../features/account/profile-page')),
  '/Change-password': page(() => import('../features/account/change-password-page')),
  '/view-gallery': page(() => import('../features/galleries/view-gallery-page')),
  '/manage-page-images': page(() => import('../features/page-images/page-images-page')),
  '/manage-carousel-images': page(() => import('../features/carousel/carousel-page')),
  '/manage-home-gallery': page(() => import('../features/home-gallery/home-gallery-page')),
  '/Blog': page(() => import('./layout/blog-page')),
};

/** Every screen inside the admin layout, loaded on demand. */
export const ROUTES = ROUTE_TITLES.map(({ path, title }) => ({ path, title, Page: PAGES[path] }));
