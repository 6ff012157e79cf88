import type { ComponentType } from 'react';
import type { RoutePath } from './route-paths';

/**
 * The code of each screen inside the admin layout, loaded on demand. Free of React and of the
 * shell: the entry imports this to ask for the screen the portal opened on at once
 * (`early-start.ts`); `routes.tsx` wraps each in a lazy component.
 */
export const SCREEN_CODE: Record<RoutePath, () => Promise<{ default: ComponentType }>> = {
  '/dashboard': () => import('../features/dashboard/dashboard-page'),
  '/Home': () => import('../features/site/home-page'),
  '/About': () => import('../features/about/about-page'),
  '/Contact-us': () => import('../features/contact/contact-us-page'),
  '/Contact-us-info': () => import('../features/contact/contact-info-page'),
  '/Love-stories': () => import('../features/love-stories/love-stories-page'),
  '/ManageLoveStory': () => import('../features/love-stories/manage-love-story-page'),
  '/Client-gallery': () => import('../features/client-galleries/client-galleries-page'),
  '/ClientGalleries': () => import('../features/client-galleries/client-photos-page'),
  '/Services': () => import('../features/service-page/service-page'),
  '/portfolio': () => import('../features/services/services-page'),
  '/ManageCategory': () => import('../features/services/manage-service-gallery-page'),
  '/the-team': () => import('../features/team/team-page'),
  '/User-enquiries': () => import('../features/enquiries/enquiries-page'),
  '/Manage-users': () => import('../features/people/users-page'),
  '/Manage-admins': () => import('../features/people/admins-page'),
  '/Manage-emails': () => import('../features/emails/emails-page'),
  '/Activity': () => import('../features/activity/activity-page'),
  '/Backups': () => import('../features/backup/backups-page'),
  '/Site-settings': () => import('../features/site-settings/site-settings-page'),
  '/Gallery-links': () => import('../features/gallery-links/gallery-links-page'),
  '/UserProfile': () => import('../features/account/profile-page'),
  '/Change-password': () => import('../features/account/change-password-page'),
  '/view-gallery': () => import('../features/galleries/view-gallery-page'),
  '/manage-page-images': () => import('../features/page-images/page-images-page'),
  '/manage-carousel-images': () => import('../features/carousel/carousel-page'),
  '/manage-home-gallery': () => import('../features/home-gallery/home-gallery-page'),
  '/Blog': () => import('../features/blog-posts/blog-posts-page'),
};
