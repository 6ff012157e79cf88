import {
  readLoveStoryDescription,
  SITE_GALLERY_PAGE_SIZE,
  SITE_LIST_PREVIEW,
  slugOf,
  type GalleryPhoto,
  type LoveStory,
  type Service,
  type SiteAbout,
  type SiteCarouselItem,
  type SiteContact,
  type SiteHomeGalleryImage,
  type SiteLoveStory,
  type SitePageImage,
  type SitePhoto,
  type SiteService,
  type SiteServicePage,
  type SiteSettings,
  type SiteTeamMember,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import type { GalleryParentType } from '../galleries/galleries.repository';
import { notFound } from '../../lib/errors';
import { about } from '../about/about.service';
import { carousel } from '../carousel/carousel.service';
import { CONTACT_INFO_CACHE_TAG, CONTACT_US_CACHE_TAG, listContactInfos, listContactUsContent } from '../contact/contact.service';
import { GALLERY_CACHE_TAG, galleryPreviews, photoPage } from '../galleries/galleries.service';
import { homeGallery } from '../home-gallery/home-gallery.service';
import { LOVE_STORIES_TAG, loveStoryById, loveStoryList } from '../love-stories/love-stories.service';
import { pageImages } from '../page-images/page-images.service';
import { servicePage } from '../service-page/service-page.service';
import { getService, listServices, SERVICES_TAG } from '../services/services.service';
import { team } from '../team/team.service';
import { BLOG_POSTS_TAG } from '../blog-posts/blog-posts.service';
import { getSiteSettings, SITE_SETTINGS_TAG } from './site-settings.service';

/**
 * The public site's read model: published records only, built from each area's own read
 * functions and image views (no query of another area's tables here), reshaped so nothing
 * private (customers, e-mails of people, originals, publish flags) can leave through it.
 */

/** Response-cache tags each part of the site depends on. */
export const SITE_TAGS = {
  services: [SERVICES_TAG, GALLERY_CACHE_TAG],
  loveStories: [LOVE_STORIES_TAG, GALLERY_CACHE_TAG],
  pageImages: [pageImages.cacheTag],
  about: [about.cacheTag],
  carousel: [carousel.cacheTag],
  homeGallery: [homeGallery.cacheTag],
  contact: [CONTACT_INFO_CACHE_TAG, CONTACT_US_CACHE_TAG],
  team: [team.cacheTag],
  servicePage: [servicePage.cacheTag],
  settings: [SITE_SETTINGS_TAG],
  posts: [BLOG_POSTS_TAG],
} as const;

/** Every tag: a rendered page shows the layout (settings, menu) and several areas. */
export const ALL_SITE_TAGS: string[] = [...new Set(Object.values(SITE_TAGS).flat())];

const toPhoto = (p: GalleryPhoto): SitePhoto => ({ id: p.id, title: p.title || p.name, image: p.land_scape_img_view });

interface PhotoPage {
  photos: GalleryPhoto[];
  total: number;
}

/** A record's gallery fields: the photos given, the total, and the next page's address (`path?page=N`) when there is more. */
function galleryFields(path: string, { photos, total }: PhotoPage, shownUpTo: number, nextPage: number) {
  return { gallery: photos.map(toPhoto), total, next: shownUpTo < total ? `${path}?page=${nextPage}` : null };
}

/** A page of a gallery (1-based); null past its last page (an empty gallery has a first page). */
async function pageOf(ctx: AppContext, type: GalleryParentType, id: number, page: number): Promise<PhotoPage | null> {
  const found = await photoPage(ctx, type, id, page, SITE_GALLERY_PAGE_SIZE);
  return page > 1 && (page - 1) * SITE_GALLERY_PAGE_SIZE >= found.total ? null : found;
}

function serviceFields(s: Service) {
  return {
    id: s.id,
    slug: slugOf(s.id, s.name),
    name: s.name,
    description: s.description,
    description2: s.description2,
    seo_title: s.seo_title,
    seo_description: s.seo_description,
    cover: s.cover_image_view,
  };
}

/** Published services, in the portal's order, each with the first photos of its gallery. */
export async function siteServices(ctx: AppContext): Promise<SiteService[]> {
  const published = (await listServices(ctx)).filter((s) => s.status);
  const previews = await galleryPreviews(
    ctx,
    'service',
    published.map((s) => s.id),
    SITE_LIST_PREVIEW,
  );
  return published.map((s) => ({
    ...serviceFields(s),
    ...galleryFields(`/site/services/${s.id}/`, previews.get(s.id)!, SITE_LIST_PREVIEW, 1),
  }));
}

/** One published service with a page of its gallery (its own row and that page only). */
export async function siteService(ctx: AppContext, id: number, page = 1): Promise<SiteService> {
  const service = await getService(ctx, id);
  const photos = service.status ? await pageOf(ctx, 'service', id, page) : null;
  if (!photos) throw notFound();
  return { ...serviceFields(service), ...galleryFields(`/site/services/${id}/`, photos, page * SITE_GALLERY_PAGE_SIZE, page + 1) };
}

function storyFields(story: LoveStory) {
  return {
    id: story.id,
    slug: slugOf(story.id, story.title),
    title: story.title,
    ...readLoveStoryDescription(story.description),
    seo_title: story.seo_title,
    seo_description: story.seo_description,
    cover: story.cover_image_view,
  };
}

/** Published love stories (newest first), without the customer they belong to. */
export async function siteLoveStories(ctx: AppContext): Promise<SiteLoveStory[]> {
  const published = (await loveStoryList(ctx)).filter((s) => s.status);
  const previews = await galleryPreviews(
    ctx,
    'love-story',
    published.map((s) => s.id),
    SITE_LIST_PREVIEW,
  );
  return published.map((s) => ({
    ...storyFields(s),
    ...galleryFields(`/site/love-stories/${s.id}/`, previews.get(s.id)!, SITE_LIST_PREVIEW, 1),
  }));
}

/** One published love story with a page of its gallery. */
export async function siteLoveStory(ctx: AppContext, id: number, page = 1): Promise<SiteLoveStory> {
  const story = await loveStoryById(ctx, id);
  const photos = story.status ? await pageOf(ctx, 'love-story', id, page) : null;
  if (!photos) throw notFound();
  return { ...storyFields(story), ...galleryFields(`/site/love-stories/${id}/`, photos, page * SITE_GALLERY_PAGE_SIZE, page + 1) };
}

export async function sitePageImages(ctx: AppContext): Promise<SitePageImage[]> {
  return (await pageImages.list(ctx))
    .filter((p) => p.status)
    .map((p) => ({ id: p.id, page: p.page, page_name: p.page_name, image: p.image_view }));
}

export async function siteAbout(ctx: AppContext): Promise<SiteAbout | null> {
  const [content] = await about.list(ctx);
  if (!content) return null;
  return {
    header_text: content.header_text,
    info_text1: content.info_text1,
    info_text2: content.info_text2,
    seo_title: content.seo_title,
    seo_description: content.seo_description,
    page_image: content.page_image_view,
    info_image: content.info_image_view,
  };
}

export async function siteCarousel(ctx: AppContext): Promise<SiteCarouselItem[]> {
  return (await carousel.list(ctx))
    .filter((c) => c.status)
    .map((c) => ({ id: c.id, header: c.header, title: c.title, message: c.message, image: c.image_view }));
}

export async function siteHomeGallery(ctx: AppContext): Promise<SiteHomeGalleryImage[]> {
  return (await homeGallery.list(ctx)).filter((h) => h.status).map((h) => ({ id: h.id, name: h.name, image: h.cover_image_view }));
}

export async function siteContact(ctx: AppContext): Promise<SiteContact> {
  const [content] = await listContactUsContent(ctx);
  const details = (c: { email: string; phone: string; address: string; description: string }) => ({
    email: c.email,
    phone: c.phone,
    address: c.address,
    description: c.description,
  });
  return {
    content: content ? { ...details(content), nav_image: content.nav_image_view } : null,
    info: (await listContactInfos(ctx)).map(details),
  };
}

/** The team as the site shows it: name, title and photo (their e-mail and phone stay inside). */
export async function siteTeam(ctx: AppContext): Promise<SiteTeamMember[]> {
  // In the admin's order (a new member goes last).
  return (await team.list(ctx)).map((m) => ({ id: m.id, name: m.name, title: m.title, image: m.cover_image_view }));
}

export async function siteServicePage(ctx: AppContext): Promise<SiteServicePage | null> {
  const [page] = await servicePage.list(ctx);
  return page ? { name: page.name, description: page.description, image: page.image_view } : null;
}

/** The settings the site shows: the acknowledgement's words and the delivery settings are the portal's only. */
export async function sitePublicSettings(
  ctx: AppContext,
): Promise<Omit<SiteSettings, 'time_updated' | 'enquiry_ack' | 'time_zone' | 'expiry_reminder_days' | 'studio_alerts'>> {
  const {
    time_updated: _t,
    enquiry_ack: _a,
    time_zone: _z,
    expiry_reminder_days: _d,
    studio_alerts: _s,
    ...rest
  } = await getSiteSettings(ctx);
  return rest;
}
