/** Every screen inside the admin layout: its path and its tab title ('{title} · Darkroom'). */
export const ROUTE_TITLES = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/Home', title: 'Home page' },
  { path: '/About', title: 'About page contents' },
  { path: '/Contact-us', title: 'Contact-us page' },
  { path: '/Contact-us-info', title: 'Contact-us Info' },
  { path: '/Love-stories', title: 'Love stories' },
  { path: '/ManageLoveStory', title: 'Love story photos' },
  { path: '/Client-gallery', title: 'Client galleries' },
  { path: '/ClientGalleries', title: 'Client gallery photos' },
  { path: '/Services', title: 'Services page' },
  { path: '/portfolio', title: 'Manage portfolio' },
  { path: '/ManageCategory', title: 'Service photos' },
  { path: '/the-team', title: 'The team' },
  { path: '/User-enquiries', title: 'User enquiries' },
  { path: '/Manage-users', title: 'Users' },
  { path: '/Manage-admins', title: 'Admins' },
  { path: '/Manage-emails', title: 'Emails' },
  { path: '/Activity', title: 'Activity' },
  { path: '/Backups', title: 'Backups' },
  { path: '/Site-settings', title: 'Site settings' },
  { path: '/Gallery-links', title: 'Gallery links' },
  { path: '/UserProfile', title: 'Profile settings' },
  { path: '/Change-password', title: 'Change password' },
  { path: '/view-gallery', title: 'Gallery' },
  { path: '/manage-page-images', title: 'Page images' },
  { path: '/manage-carousel-images', title: 'Carousel images' },
  { path: '/manage-home-gallery', title: 'Home page gallery' },
  { path: '/Blog', title: 'Blog' },
] as const satisfies readonly { path: string; title: string }[];

export type RoutePath = (typeof ROUTE_TITLES)[number]['path'];

/** The tab title for a path inside the layout (case-sensitive, as the routes are). */
export function titleFor(pathname: string): string {
  const route = ROUTE_TITLES.find((r) => r.path === pathname);
  return `${route?.title ?? 'Page not found'} · Darkroom`;
}
