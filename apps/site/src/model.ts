import type {
  SiteAbout,
  SiteCarouselItem,
  SiteContact,
  SiteHomeGalleryImage,
  SiteImage,
  SiteLoveStory,
  SitePhoto,
  SiteService,
  SiteServicePage,
  SiteSettings,
  SiteTeamMember,
} from '@darkroom/contracts';

/** Photos per gallery page: the HTML of a huge gallery stays small; the rest follows on scroll. */
export const GALLERY_PAGE_SIZE = 36;

export type PublicSettings = Omit<SiteSettings, 'time_updated'>;

/** What every page shares: the studio, the address it is served at, and the built assets. */
export interface Layout {
  settings: PublicSettings;
  /** Origin for canonical and Open Graph URLs, e.g. `https://studio.example`. */
  origin: string;
  /** The client enhancement script, or null before the site is built. */
  script: string | null;
  /** The studio's contact details for the footer. */
  contact: SiteContact;
}

export interface GalleryPage {
  photos: SitePhoto[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
}

export interface EnquiryFormState {
  values: { full_name: string; email: string; message: string };
  errors: Partial<Record<'full_name' | 'email' | 'message', string>>;
  /** A message for the whole form (rate limit, server fault). */
  failure: string | null;
  sent: boolean;
}

export type PageModel =
  | {
      kind: 'home';
      hero: SiteImage | null;
      carousel: SiteCarouselItem[];
      homeGallery: SiteHomeGalleryImage[];
      services: SiteService[];
      stories: SiteLoveStory[];
    }
  | { kind: 'services'; hero: SiteImage | null; servicePage: SiteServicePage | null; services: SiteService[] }
  | { kind: 'service'; service: SiteService; gallery: GalleryPage }
  | { kind: 'love-stories'; hero: SiteImage | null; stories: SiteLoveStory[] }
  | { kind: 'love-story'; story: SiteLoveStory; gallery: GalleryPage }
  | { kind: 'about'; hero: SiteImage | null; about: SiteAbout | null; team: SiteTeamMember[] }
  | { kind: 'contact'; hero: SiteImage | null; contact: SiteContact; form: EnquiryFormState }
  | { kind: 'not-found' };

/** The site path of each page kind (ids in slugs keep addresses stable). */
export const sitePaths = {
  home: '/',
  services: '/services/',
  service: (slug: string) => `/services/${slug}/`,
  loveStories: '/love-stories/',
  loveStory: (slug: string) => `/love-stories/${slug}/`,
  about: '/about/',
  contact: '/contact/',
} as const;

export const EMPTY_ENQUIRY: EnquiryFormState = {
  values: { full_name: '', email: '', message: '' },
  errors: {},
  failure: null,
  sent: false,
};
