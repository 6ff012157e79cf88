import { useQuery } from '@tanstack/react-query';
import { adminsApi, auditApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';

export interface ActivityFilter {
  admin?: number;
  area?: string;
  from?: string;
  to?: string;
}

export const activityKeys = { list: (f: ActivityFilter) => ['activity', f] as const, admins: ['activity', 'admins'] as const };

/** The activity log, newest first, as filtered; always fresh on mount. */
export function useActivity(filter: ActivityFilter) {
  return useQuery({
    queryKey: activityKeys.list(filter),
    queryFn: ({ signal }) => call(auditApi.list, { query: { ...filter }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useAdminsForFilter() {
  return useQuery({ queryKey: activityKeys.admins, queryFn: ({ signal }) => call(adminsApi.list, { signal }) });
}

/** The areas an entry can belong to, as the API tags them, with what the portal calls them. */
export const AREAS: Record<string, string> = {
  account: 'Sign-ins and own account',
  services: 'Services',
  galleries: 'Gallery photos',
  'page-images': 'Page images',
  about: 'About page',
  carousel: 'Carousel',
  'home-gallery': 'Home gallery',
  contact: 'Contact us',
  'love-stories': 'Love stories',
  'client-galleries': 'Client galleries',
  'gallery-links': 'Gallery links',
  team: 'The team',
  people: 'Users and admins',
  enquiries: 'Enquiries',
  emails: 'Emails',
  'service-page': 'Service page',
};

/** Where a record of an area is managed in the portal, when it has a screen of its own. */
export function recordPath(area: string, id: number): string | null {
  switch (area) {
    case 'services':
      return `/ManageCategory?id=${id}`;
    case 'love-stories':
      return `/ManageLoveStory?id=${id}`;
    case 'client-galleries':
      return `/ClientGalleries?id=${id}`;
    case 'page-images':
      return '/manage-page-images';
    case 'about':
      return '/About';
    case 'carousel':
      return '/manage-carousel-images';
    case 'home-gallery':
      return '/manage-home-gallery';
    case 'contact':
      return '/Contact-us-info';
    case 'gallery-links':
      return '/Gallery-links';
    case 'team':
      return '/the-team';
    case 'enquiries':
      return '/User-enquiries';
    case 'service-page':
      return '/Services';
    default:
      return null;
  }
}
