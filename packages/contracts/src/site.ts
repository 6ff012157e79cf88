import { z } from 'zod';
import { endpoint } from './endpoint';
import { pathId } from './forms';
import { siteSettingsSchema } from './site-settings';
import { imageViewSchema } from './uploads';

/**
 * The public read API under /site/: published content only, shaped for a website. No record here
 * carries an e-mail of a customer, an account, a hash, a token, an original's path or a publish
 * flag: every image is a view of its public derived files (srcset, size, placeholder).
 */

/** An image of the public site: URL, width/height, responsive srcset, placeholder, crops. */
export const siteImageSchema = imageViewSchema;
export type SiteImage = z.infer<typeof siteImageSchema>;

/** A gallery photo, in the gallery's saved order. */
export const sitePhotoSchema = z.object({ id: z.number().int(), title: z.string(), image: siteImageSchema });
export type SitePhoto = z.infer<typeof sitePhotoSchema>;

/** `/services/<slug>/`: the id first, so a renamed service keeps its address working. */
export function slugOf(id: number, text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words ? `${id}-${words}` : String(id);
}

/** The id a slug starts with, or null. */
export function idOfSlug(slug: string): number | null {
  const m = /^(\d{1,9})(?:-|$)/.exec(slug);
  return m ? Number(m[1]) : null;
}

/** Photos per page of a gallery, in the JSON and on the website's pages alike. */
export const SITE_GALLERY_PAGE_SIZE = 36;
/** Photos of each gallery a list (all services, all stories) carries: the rest is read by page from the record. */
export const SITE_LIST_PREVIEW = 12;

/** A page of a record's gallery: its photos, how many there are in all, and where the next page is read. */
const galleryPageFields = {
  gallery: z.array(sitePhotoSchema),
  /** Photos in the whole gallery. */
  total: z.number().int(),
  /** The address of the next page of photos (the record's own, `?page=N`), or null when there is none. */
  next: z.string().nullable(),
};

export const siteServiceSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  description2: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  cover: siteImageSchema,
  ...galleryPageFields,
});
export type SiteService = z.infer<typeof siteServiceSchema>;

export const siteLoveStorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The five descriptions, in order; blanks are empty strings. */
  description1: z.string(),
  description2: z.string(),
  description3: z.string(),
  description4: z.string(),
  description5: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  cover: siteImageSchema,
  ...galleryPageFields,
});
export type SiteLoveStory = z.infer<typeof siteLoveStorySchema>;

export const sitePageImageSchema = z.object({
  id: z.number().int(),
  page: z.number().int(),
  page_name: z.string(),
  image: siteImageSchema,
});
export type SitePageImage = z.infer<typeof sitePageImageSchema>;

export const siteAboutSchema = z.object({
  header_text: z.string(),
  info_text1: z.string(),
  info_text2: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  page_image: siteImageSchema.nullable(),
  info_image: siteImageSchema,
});
export type SiteAbout = z.infer<typeof siteAboutSchema>;

export const siteCarouselItemSchema = z.object({
  id: z.number().int(),
  header: z.string(),
  title: z.string(),
  message: z.string(),
  image: siteImageSchema,
});
export type SiteCarouselItem = z.infer<typeof siteCarouselItemSchema>;

export const siteHomeGalleryImageSchema = z.object({ id: z.number().int(), name: z.string(), image: siteImageSchema });
export type SiteHomeGalleryImage = z.infer<typeof siteHomeGalleryImageSchema>;

/** The studio's own contact details (public by nature). */
export const siteContactDetailsSchema = z.object({ email: z.string(), phone: z.string(), address: z.string(), description: z.string() });
export const siteContactSchema = z.object({
  /** The contact-us page content, or null when none was written. */
  content: siteContactDetailsSchema.extend({ nav_image: siteImageSchema.nullable() }).nullable(),
  /** Contact information entries, newest first. */
  info: z.array(siteContactDetailsSchema),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

/** A team member as the site shows them: no e-mail, no phone. */
export const siteTeamMemberSchema = z.object({ id: z.number().int(), name: z.string(), title: z.string(), image: siteImageSchema });
export type SiteTeamMember = z.infer<typeof siteTeamMemberSchema>;

export const siteServicePageSchema = z.object({ name: z.string(), description: z.string(), image: siteImageSchema });
export type SiteServicePage = z.infer<typeof siteServicePageSchema>;

const get = <R extends z.ZodType>(path: string, summary: string, response: R) =>
  endpoint({ method: 'GET', path, access: 'public', tag: 'site', summary, response });
const byId = z.object({ id: pathId });
const galleryPageQuery = z.object({ page: z.coerce.number({ error: 'Use a page number' }).int().min(1).max(1_000_000).optional() });

export const siteApi = {
  services: get('/site/services/', 'Published services, each with the first photos of its gallery', z.array(siteServiceSchema)),
  service: endpoint({
    method: 'GET',
    path: '/site/services/{id}/',
    access: 'public',
    tag: 'site',
    summary: 'One published service with a page of its gallery (`?page=N`)',
    params: byId,
    query: galleryPageQuery,
    response: siteServiceSchema,
  }),
  loveStories: get(
    '/site/love-stories/',
    'Published love stories, each with its five descriptions and the first photos of its gallery',
    z.array(siteLoveStorySchema),
  ),
  loveStory: endpoint({
    method: 'GET',
    path: '/site/love-stories/{id}/',
    access: 'public',
    tag: 'site',
    summary: 'One published love story with a page of its gallery (`?page=N`)',
    params: byId,
    query: galleryPageQuery,
    response: siteLoveStorySchema,
  }),
  pageImages: get('/site/page-images/', 'Published page images (page ids 1-7)', z.array(sitePageImageSchema)),
  about: get('/site/about/', 'The about content, or null', siteAboutSchema.nullable()),
  carousel: get('/site/carousel/', 'Published carousel slides', z.array(siteCarouselItemSchema)),
  homeGallery: get('/site/home-gallery/', 'Published home gallery images', z.array(siteHomeGalleryImageSchema)),
  contact: get('/site/contact/', 'The contact-us content and contact information', siteContactSchema),
  team: get('/site/team/', 'The team (names, titles, photos)', z.array(siteTeamMemberSchema)),
  servicePage: get('/site/service-page/', 'The service page, or null', siteServicePageSchema.nullable()),
  settings: get(
    '/site/settings/',
    "Studio name, tagline, SEO description, social links, menu, the contact form's questions",
    siteSettingsSchema.omit({ time_updated: true, enquiry_ack: true, time_zone: true, expiry_reminder_days: true, studio_alerts: true }),
  ),
} as const;
