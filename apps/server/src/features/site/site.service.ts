import {
  readLoveStoryDescription,
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
import { ABOUT_TAG, listAbout } from '../about/about.service';
import { CAROUSEL_CACHE_TAG, listCarouselItems } from '../carousel/carousel.service';
import { CONTACT_INFO_CACHE_TAG, CONTACT_US_CACHE_TAG, listContactInfos, listContactUsContent } from '../contact/contact.service';
import { GALLERY_CACHE_TAG, listPhotos } from '../galleries/galleries.service';
import { HOME_GALLERY_CACHE_TAG, listHomeGalleryImages } from '../home-gallery/home-gallery.service';
import { LOVE_STORIES_TAG, loveStoryList } from '../love-stories/love-stories.service';
import { listPageImages, PAGE_IMAGES_TAG } from '../page-images/page-images.service';
import { SERVICE_PAGE_CACHE_TAG, servicePageList } from '../service-page/service-page.service';
import { listServices, SERVICES_TAG } from '../services/services.service';
import { listTeamMembers, TEAM_CACHE_TAG } from '../team/team.service';
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
  pageImages: [PAGE_IMAGES_TAG],
  about: [ABOUT_TAG],
  carousel: [CAROUSEL_CACHE_TAG],
  homeGallery: [HOME_GALLERY_CACHE_TAG],
  contact: [CONTACT_INFO_CACHE_TAG, CONTACT_US_CACHE_TAG],
  team: [TEAM_CACHE_TAG],
  servicePage: [SERVICE_PAGE_CACHE_TAG],
  settings: [SITE_SETTINGS_TAG],
} as const;

/** Every tag: a rendered page shows the layout (settings, menu) and several areas. */
export const ALL_SITE_TAGS: string[] = [...new Set(Object.values(SITE_TAGS).flat())];

const toPhoto = (p: GalleryPhoto): SitePhoto => ({ id: p.id, title: p.title || p.name, image: p.land_scape_img_view });

async function gallery(ctx: AppContext, type: GalleryParentType, id: number): Promise<SitePhoto[]> {
  return (await listPhotos(ctx, type, id)).map(toPhoto);
}

async function toSiteService(ctx: AppContext, s: Service): Promise<SiteService> {
  return {
    id: s.id,
    slug: slugOf(s.id, s.name),
    name: s.name,
    description: s.description,
    description2: s.description2,
    cover: s.cover_image_view,
    gallery: await gallery(ctx, 'service', s.id),
  };
}

/** Published services, in the portal's order (newest first), each with its gallery. */
export async function siteServices(ctx: AppContext): Promise<SiteService[]> {
  const published = (await listServices(ctx)).filter((s) => s.status);
  return Promise.all(published.map((s) => toSiteService(ctx, s)));
}

export async function siteService(ctx: AppContext, id: number): Promise<SiteService> {
  const found = (await listServices(ctx)).find((s) => s.id === id && s.status);
  if (!found) throw notFound();
  return toSiteService(ctx, found);
}

async function toSiteLoveStory(ctx: AppContext, story: LoveStory): Promise<SiteLoveStory> {
  return {
    id: story.id,
    slug: slugOf(story.id, story.title),
    title: story.title,
    ...readLoveStoryDescription(story.description),
    cover: story.cover_image_view,
    gallery: await gallery(ctx, 'love-story', story.id),
  };
}

/** Published love stories (newest first), without the customer they belong to. */
export async function siteLoveStories(ctx: AppContext): Promise<SiteLoveStory[]> {
  const published = (await loveStoryList(ctx)).filter((s) => s.status);
  return Promise.all(published.map((s) => toSiteLoveStory(ctx, s)));
}

export async function siteLoveStory(ctx: AppContext, id: number): Promise<SiteLoveStory> {
  const found = (await loveStoryList(ctx)).find((s) => s.id === id && s.status);
  if (!found) throw notFound();
  return toSiteLoveStory(ctx, found);
}

export async function sitePageImages(ctx: AppContext): Promise<SitePageImage[]> {
  return (await listPageImages(ctx))
    .filter((p) => p.status)
    .map((p) => ({ id: p.id, page: p.page, page_name: p.page_name, image: p.image_view }));
}

export async function siteAbout(ctx: AppContext): Promise<SiteAbout | null> {
  const [about] = await listAbout(ctx);
  if (!about) return null;
  return {
    header_text: about.header_text,
    info_text1: about.info_text1,
    info_text2: about.info_text2,
    page_image: about.page_image_view,
    info_image: about.info_image_view,
  };
}

export async function siteCarousel(ctx: AppContext): Promise<SiteCarouselItem[]> {
  return (await listCarouselItems(ctx))
    .filter((c) => c.status)
    .map((c) => ({ id: c.id, header: c.header, title: c.title, message: c.message, image: c.image_view }));
}

export async function siteHomeGallery(ctx: AppContext): Promise<SiteHomeGalleryImage[]> {
  return (await listHomeGalleryImages(ctx)).filter((h) => h.status).map((h) => ({ id: h.id, name: h.name, image: h.cover_image_view }));
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
  // Oldest first: the people who started the studio lead the page.
  return (await listTeamMembers(ctx)).reverse().map((m) => ({ id: m.id, name: m.name, title: m.title, image: m.cover_image_view }));
}

export async function siteServicePage(ctx: AppContext): Promise<SiteServicePage | null> {
  const [page] = await servicePageList(ctx);
  return page ? { name: page.name, description: page.description, image: page.image_view } : null;
}

export async function sitePublicSettings(ctx: AppContext): Promise<Omit<SiteSettings, 'time_updated'>> {
  const { time_updated: _t, ...rest } = await getSiteSettings(ctx);
  return rest;
}
