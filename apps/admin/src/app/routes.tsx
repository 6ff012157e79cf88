import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

export interface AppRoute {
  path: string;
  /** The tab title: '{title} · Darkroom'. */
  title: string;
  Page: Page;
}

/** Every screen inside the admin layout, loaded on demand. */
export const ROUTES: AppRoute[] = [
  { path: '/dashboard', title: 'Dashboard', Page: page(() => import('../features/dashboard/dashboard-page')) },
  { path: '/Home', title: 'Home page', Page: page(() => import('../features/site/home-page')) },
  { path: '/About', title: 'About page contents', Page: page(() => import('../features/about/about-page')) },
  { path: '/Contact-us', title: 'Contact-us page', Page: page(() => import('../features/contact/contact-us-page')) },
  { path: '/Contact-us-info', title: 'Contact-us Info', Page: page(() => import('../features/contact/contact-info-page')) },
  { path: '/Love-stories', title: 'Love stories', Page: page(() => import('../features/love-stories/love-stories-page')) },
  { path: '/ManageLoveStory', title: 'Love story photos', Page: page(() => import('../features/love-stories/manage-love-story-page')) },
  { path: '/Client-gallery', title: 'Client galleries', Page: page(() => import('../features/client-galleries/client-galleries-page')) },
  { path: '/ClientGalleries', title: 'Client gallery photos', Page: page(() => import('../features/client-galleries/client-photos-page')) },
  { path: '/Services', title: 'Services page', Page: page(() => import('../features/service-page/service-page')) },
  { path: '/portfolio', title: 'Manage portfolio', Page: page(() => import('../features/services/services-page')) },
  { path: '/ManageCategory', title: 'Service photos', Page: page(() => import('../features/services/manage-service-gallery-page')) },
  { path: '/the-team', title: 'The team', Page: page(() => import('../features/team/team-page')) },
  { path: '/User-enquiries', title: 'User enquiries', Page: page(() => import('../features/enquiries/enquiries-page')) },
  { path: '/Manage-users', title: 'Users', Page: page(() => import('../features/people/users-page')) },
  { path: '/Manage-admins', title: 'Admins', Page: page(() => import('../features/people/admins-page')) },
  { path: '/Manage-emails', title: 'Emails', Page: page(() => import('../features/emails/emails-page')) },
  { path: '/Gallery-links', title: 'Gallery links', Page: page(() => import('../features/gallery-links/gallery-links-page')) },
  { path: '/UserProfile', title: 'Profile settings', Page: page(() => import('../features/account/profile-page')) },
  { path: '/Change-password', title: 'Change password', Page: page(() => import('../features/account/change-password-page')) },
  { path: '/view-gallery', title: 'Gallery', Page: page(() => import('../features/galleries/view-gallery-page')) },
  { path: '/manage-page-images', title: 'Page images', Page: page(() => import('../features/page-images/page-images-page')) },
  { path: '/manage-carousel-images', title: 'Carousel images', Page: page(() => import('../features/carousel/carousel-page')) },
  { path: '/manage-home-gallery', title: 'Home page gallery', Page: page(() => import('../features/home-gallery/home-gallery-page')) },
  { path: '/Blog', title: 'Blog', Page: page(() => import('./layout/blog-page')) },
];

/** The tab title for a path inside the layout (case-sensitive, as the routes are). */
export function titleFor(pathname: string): string {
  const route = ROUTES.find((r) => r.path === pathname);
  return `${route?.title ?? 'Page not found'} · Darkroom`;
}
