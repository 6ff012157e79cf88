import type { ComponentType } from 'react';
import { prefetchServices } from '../features/services/queries';
import { preloadable, type Preloadable } from './preloadable';
import { queryClient } from './query-client';
import { ROUTE_TITLES, type RoutePath } from './route-paths';

const page = preloadable<{ default: ComponentType }>;

/** The code of each screen inside the admin layout, loaded on demand. */
const PAGES: Record<RoutePath, Preloadable<{ default: ComponentType }>> = {
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

/**
 * What a screen shows first, when it comes from a query: fetched by `preloadRoute` while the
 * screen's code loads, so the request does not wait for the screen to render. Only queries whose
 * screen takes a cached answer (not `refetchOnMount: 'always'`), or the answer would be fetched twice.
 */
const FIRST_DATA: Partial<Record<RoutePath, () => Promise<void>>> = {
  '/portfolio': () => prefetchServices(queryClient),
};

/** Every screen inside the admin layout, loaded on demand. */
export const ROUTES = ROUTE_TITLES.map(({ path, title }) => ({ path, title, Page: PAGES[path].Component }));

/**
 * Opening the portal on a screen: its code and its first data start loading together as soon as
 * the admin layout's code is there, not one after the other as each part renders. Paths match as
 * the router matches them (case-insensitive); an unknown path does nothing. Resolves once the
 * screen's code is loaded (or failed to).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = ROUTE_TITLES.find((r) => r.path.toLowerCase() === pathname.toLowerCase());
  if (!route) return Promise.resolve();
  void FIRST_DATA[route.path]?.();
  // Resolves when the screen's code is there; a failure is met again, and shown, when it renders.
  return PAGES[route.path].load().catch(() => undefined);
}
