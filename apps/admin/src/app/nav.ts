/**
 * The sidebar as the spec lists it (group > item: route), plus the two routes the spec has no menu
 * entry for: the services page (/Services) under Portfolio and gallery links ('Assign') under Gallery.
 */
export interface NavItem {
  label: string;
  to: string;
}
export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const SIDEBAR: NavGroup[] = [
  { label: 'Dashboards', items: [{ label: 'Dashboard', to: '/dashboard' }] },
  {
    label: 'Page images & contents',
    items: [
      { label: 'Page images', to: '/manage-page-images' },
      { label: 'About page contents', to: '/About' },
      { label: 'Home page gallery', to: '/manage-home-gallery' },
    ],
  },
  { label: 'Carousel', items: [{ label: 'Images', to: '/manage-carousel-images' }] },
  {
    label: 'Portfolio',
    items: [
      { label: 'Manage portfolio', to: '/portfolio' },
      { label: 'Services page', to: '/Services' },
    ],
  },
  { label: 'Love story', items: [{ label: 'Love story', to: '/Love-stories' }] },
  {
    label: 'Gallery',
    items: [
      { label: 'Client', to: '/Client-gallery' },
      { label: 'Assign', to: '/Gallery-links' },
    ],
  },
  { label: 'The team', items: [{ label: 'The team', to: '/the-team' }] },
  { label: 'User Enquiries', items: [{ label: 'User Enquiries', to: '/User-enquiries' }] },
  { label: 'Contact-us Info', items: [{ label: 'Contact-us Info', to: '/Contact-us-info' }] },
  { label: 'Users', items: [{ label: 'Users', to: '/Manage-users' }] },
  { label: 'Admin', items: [{ label: 'Admin', to: '/Manage-admins' }] },
  { label: 'Messages', items: [{ label: 'Emails', to: '/Manage-emails' }] },
  { label: 'Activity', items: [{ label: 'Activity', to: '/Activity' }] },
  // Not in the spec: the studio's backups (issue 34).
  { label: 'Backups', items: [{ label: 'Backups', to: '/Backups' }] },
  // Not in the spec: the public website's own settings (issue 10).
  {
    label: 'Website',
    items: [
      { label: 'Site settings', to: '/Site-settings' },
      // Issue 37: the spec's /Blog screen is the journal's editor.
      { label: 'Journal', to: '/Blog' },
    ],
  },
];

/**
 * A group whose one item carries the group's own name is that item alone: the spec lists such
 * entries as plain items ('Love story: /Love-stories'), not 'Love story > Love story'.
 */
export function plainItem(group: NavGroup): NavItem | null {
  const [only, ...rest] = group.items;
  return only && !rest.length && only.label === group.label ? only : null;
}

/** The spec's initial theme options. */
export const THEME_OPTIONS = {
  sidebarShadow: false,
  sidebarFixed: true,
  sidebarToggleMobile: false,
  headerFixed: true,
  headerShadow: true,
  footerFixed: false,
  footerShadow: false,
} as const;
