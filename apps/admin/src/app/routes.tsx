import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

/** Every screen inside the admin layout, loaded on demand. */
export const ROUTES: { path: string; Page: Page }[] = [
  { path: '/dashboard', Page: page(() => import('../features/dashboard/dashboard-page')) },
  { path: '/Home', Page: page(() => import('../features/site/home-page')) },
  { path: '/About', Page: page(() => import('../features/about/about-page')) },
  { path: '/Contact-us', Page: page(() => import('../features/contact/contact-us-page')) },
  { path: '/Contact-us-info', Page: page(() => import('../features/contact/contact-info-page')) },
  { path: '/Love-stories', Page: page(() => import('../features/love-stories/love-stories-page')) },
  { path: '/ManageLoveStory', Page: page(() => import('../features/love-stories/manage-love-story-page')) },
  { path: '/Client-gallery', Page: page(() => import('../features/client-galleries/client-galleries-page')) },
  { path: '/ClientGalleries', Page: page(() => import('../features/client-galleries/client-photos-page')) },
  { path: '/Services', Page: page(() => import('../features/service-page/service-page')) },
  { path: '/portfolio', Page: page(() => import('../features/services/services-page')) },
  { path: '/ManageCategory', Page: page(() => import('../features/services/manage-service-gallery-page')) },
  { path: '/the-team', Page: page(() => import('../features/team/team-page')) },
  { path: '/User-enquiries', Page: page(() => import('../features/enquiries/enquiries-page')) },
  { path: '/Manage-users', Page: page(() => import('../features/people/users-page')) },
  { path: '/Manage-admins', Page: page(() => import('../features/people/admins-page')) },
  { path: '/Manage-emails', Page: page(() => import('../features/emails/emails-page')) },
  { path: '/Activity', Page: page(() => import('../features/activity/activity-page')) },
  { path: '/Gallery-links', Page: page(() => import('../features/gallery-links/gallery-links-page')) },
  { path: '/UserProfile', Page: page(() => import('../features/account/profile-page')) },
  { path: '/Change-password', Page: page(() => import('../features/account/change-password-page')) },
  { path: '/view-gallery', Page: page(() => import('../features/galleries/view-gallery-page')) },
  { path: '/manage-page-images', Page: page(() => import('../features/page-images/page-images-page')) },
  { path: '/manage-carousel-images', Page: page(() => import('../features/carousel/carousel-page')) },
  { path: '/manage-home-gallery', Page: page(() => import('../features/home-gallery/home-gallery-page')) },
  { path: '/Site-settings', Page: page(() => import('../features/site-settings/site-settings-page')) },
];
