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
  DeliveryGallery,
  SitePost,
  SitePostPage,
  EnquiryExtraField,
  FontPairing,
} from '@darkroom/contracts';
import { SITE_GALLERY_PAGE_SIZE } from '@darkroom/contracts';
export { SELECTION_MESSAGES, selectionFullMessage } from '@darkroom/contracts';

/** Photos per gallery page: the HTML of a huge gallery stays small; the rest follows on scroll. */
export const GALLERY_PAGE_SIZE = SITE_GALLERY_PAGE_SIZE;

export type PublicSettings = Omit<SiteSettings, 'time_updated' | 'enquiry_ack' | 'time_zone' | 'expiry_reminder_days' | 'studio_alerts'>;

/** The studio's brand (Site settings > Branding) as pages draw it: header logo, favicons, colour, fonts. */
export interface Brand {
  /** `src` is the 2x file; `srcset` 1x-3x; width and height at 1x (CSS px). */
  logo: { src: string; srcset: string; width: number; height: number } | null;
  favicon32: string | null;
  favicon180: string | null;
  /** As chosen; darkened where contrast needs it (`readableAccent`). */
  accent: string;
  fontPairing: FontPairing;
}

/** What every page shares: the studio, the address it is served at, and the built assets. */
export interface Layout {
  brand: Brand;
  settings: PublicSettings;
  /** Origin for canonical and Open Graph URLs, e.g. `https://studio.example`. */
  origin: string;
  /** The client enhancement script, or null before the site is built. */
  script: string | null;
  /** The studio's contact details for the footer. */
  contact: SiteContact;
  /** Whether a post is published: the journal is in the menu from then on. */
  journal: boolean;
}

export interface GalleryPage {
  photos: SitePhoto[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
}

/** The contact form's fields: the three it always asks, and the studio's extra questions. */
export type EnquiryFormField = 'full_name' | 'email' | 'message' | EnquiryExtraField;

export interface EnquiryFormState {
  values: Record<EnquiryFormField, string>;
  errors: Partial<Record<EnquiryFormField, string>>;
  /** A message for the whole form (rate limit, server fault). */
  failure: string | null;
  sent: boolean;
}

/** The client gallery page's form: the address typed, its message, or the thank-you state. */
export interface GalleryLinksFormState {
  email: string;
  error: string | null;
  /** A message for the whole form (rate limit). */
  failure: string | null;
  sent: boolean;
}

export const EMPTY_GALLERY_LINKS: GalleryLinksFormState = { email: '', error: null, failure: null, sent: false };

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
  | {
      kind: 'contact';
      hero: SiteImage | null;
      contact: SiteContact;
      /** The published services a visitor may ask about. */
      services: { id: number; name: string }[];
      form: EnquiryFormState;
    }
  | { kind: 'client-gallery'; hero: SiteImage | null; form: GalleryLinksFormState }
  | { kind: 'journal'; hero: SiteImage | null; posts: SitePostPage; tag: string | null }
  | { kind: 'post'; post: SitePost }
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
  clientGallery: '/client-gallery/',
  journal: '/journal/',
  journalTag: (tag: string) => `/journal/?tag=${encodeURIComponent(tag)}`,
  feed: '/journal/feed.xml',
} as const;

export const EMPTY_ENQUIRY: EnquiryFormState = {
  values: { full_name: '', email: '', message: '', event_date: '', venue: '', service: '', budget: '', phone: '', heard_from: '' },
  errors: {},
  failure: null,
  sent: false,
};

export { DELIVERY_PAGE_SIZE } from '@darkroom/contracts';

/** What a customer's gallery page shares with the website: the studio and the built script. */
export interface DeliveryLayout {
  studio: string;
  brand: Brand;
  /** The delivery page's script, or null before the site is built. */
  script: string | null;
}

/**
 * A customer's gallery at `/g/<token>/`: open (one page of its photos, `page`, with the whole
 * gallery's total and favourites; later pages for browsers without JavaScript), or locked behind
 * its password (with the message of a failed attempt). A missing gallery is the website's own
 * not-found page.
 */
/** The visitor's name form: what was typed and the messages of a plain post given back (no JavaScript). */
export interface VisitorFormState {
  values: { name: string; email: string };
  errors: Partial<Record<'name' | 'email', string>>;
  /** A message for the whole form (rate limit). */
  failure: string | null;
}

export type DeliveryPageModel =
  | { kind: 'open'; token: string; gallery: DeliveryGallery; page: number }
  | { kind: 'locked'; token: string; error: string | null }
  /** A gallery that asks each visitor's name and e-mail before its photos (proofing). */
  | { kind: 'register'; token: string; title: string; form: VisitorFormState }
  /** Past its last day: says so, with how to reach the studio. */
  | { kind: 'expired'; contact: { email: string; phone: string } };

/** A download's size: the original file, or the web size (long edge 2048 px JPEG). */
export type FileSize = 'original' | 'web';
/** The sizes a gallery offers, the first being the one its buttons name first. */
export const offeredSizes = (offer: 'original' | 'web' | 'both'): FileSize[] => (offer === 'both' ? ['web', 'original'] : [offer]);
/** How a download button names its size when the customer has a choice. */
export const SIZE_LABEL: Record<FileSize, string> = { web: 'web size', original: 'originals' };

/** How wide a delivery tile is drawn in the justified grid: a landscape photo takes about a third of a row. */
export const DELIVERY_TILE_SIZES = '(min-width: 1100px) 360px, (min-width: 700px) 36vw, 60vw';

/** The customer's addresses of a delivery (the page, and the JSON and download routes it calls). */
export const deliveryPaths = {
  page: (token: string) => `/g/${token}/`,
  gallery: (token: string) => `/site/galleries/${token}/`,
  unlock: (token: string) => `/site/galleries/${token}/unlock/`,
  favourites: (token: string) => `/site/galleries/${token}/favourites/`,
  download: (token: string, favourites = false, size?: FileSize, set?: number) => {
    const query = [favourites ? 'favourites=1' : '', size ? `size=${size}` : '', set ? `set=${set}` : ''].filter(Boolean).join('&');
    return `/site/galleries/${token}/download/${query ? `?${query}` : ''}`;
  },
  original: (token: string, id: number) => `/site/galleries/${token}/photos/${id}/original/`,
  photo: (token: string, id: number, size: FileSize) => `/site/galleries/${token}/photos/${id}/download/?size=${size}`,
  downloadPin: (token: string) => `/site/galleries/${token}/download-pin/`,
  visitor: (token: string) => `/site/galleries/${token}/visitor/`,
  submit: (token: string) => `/site/galleries/${token}/favourites/submit/`,
  note: (token: string, id: number) => `/site/galleries/${token}/photos/${id}/note/`,
} as const;

/** The heart's outline (24x24), drawn by the server and by the delivery script alike. */
export const HEART_PATH =
  'M12 21s-7.5-4.6-10-9.3C.3 8.3 2.3 4 6.3 4c2.2 0 3.7 1.3 4.7 2.8C12 5.3 13.5 4 15.7 4c4 0 6 4.3 4.3 7.7C19.5 16.4 12 21 12 21z';

export const favouriteLabel = (name: string) => `Add ${name} to favourites`;
