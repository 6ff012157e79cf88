import type { FastifyInstance } from 'fastify';
import { brandingApi, setupApi, siteApi, sitePostsApi, siteSettingsApi, type EndpointSpec, type ResponseOf } from '@darkroom/contracts';
import { route, type HandlerInput } from '../../http/route';
import { sendText } from '../../http/send';
import {
  SITE_TAGS,
  siteAbout,
  siteCarousel,
  siteContact,
  siteHomeGallery,
  siteLoveStories,
  siteLoveStory,
  sitePageImages,
  sitePublicSettings,
  siteService,
  siteServicePage,
  siteServices,
  siteTeam,
} from './site.service';
import { sitePost, sitePostPage } from '../blog-posts/blog-posts.service';
import { getSiteSettings, updateSiteSettings } from './site-settings.service';
import { registerSitePages } from './site-pages.routes';
import { closeSetupFor, getBranding, setupStatus, updateBranding } from './branding.service';

/**
 * Public JSON changes the moment an admin publishes; browsers and proxies keep a copy but ask
 * again each time (a 304 costs nothing).
 */
const JSON_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Serves a /site/ answer from the response cache with ETag, compression and CORS. */
async function sendSite<E extends EndpointSpec>(
  input: HandlerInput<E>,
  tags: readonly string[],
  key: string,
  load: () => Promise<ResponseOf<E>>,
) {
  const text = await input.cached(tags, key, load);
  return sendText(input.request, input.reply, text, {
    type: 'application/json; charset=utf-8',
    cacheControl: JSON_CACHE_CONTROL,
    cors: true,
  });
}

/** HTTP routes of the site area: the public read API, the site settings, and the rendered website. */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  route(app, siteApi.services, (i) => sendSite(i, SITE_TAGS.services, 'site:services', () => siteServices(i.ctx)));
  route(app, siteApi.service, (i) =>
    sendSite(i, SITE_TAGS.services, `site:service:${i.params.id}:${i.query.page ?? 1}`, () =>
      siteService(i.ctx, i.params.id, i.query.page),
    ),
  );
  route(app, siteApi.loveStories, (i) => sendSite(i, SITE_TAGS.loveStories, 'site:love-stories', () => siteLoveStories(i.ctx)));
  route(app, siteApi.loveStory, (i) =>
    sendSite(i, SITE_TAGS.loveStories, `site:love-story:${i.params.id}:${i.query.page ?? 1}`, () =>
      siteLoveStory(i.ctx, i.params.id, i.query.page),
    ),
  );
  route(app, siteApi.pageImages, (i) => sendSite(i, SITE_TAGS.pageImages, 'site:page-images', () => sitePageImages(i.ctx)));
  route(app, siteApi.about, (i) => sendSite(i, SITE_TAGS.about, 'site:about', () => siteAbout(i.ctx)));
  route(app, siteApi.carousel, (i) => sendSite(i, SITE_TAGS.carousel, 'site:carousel', () => siteCarousel(i.ctx)));
  route(app, siteApi.homeGallery, (i) => sendSite(i, SITE_TAGS.homeGallery, 'site:home-gallery', () => siteHomeGallery(i.ctx)));
  route(app, siteApi.contact, (i) => sendSite(i, SITE_TAGS.contact, 'site:contact', () => siteContact(i.ctx)));
  route(app, siteApi.team, (i) => sendSite(i, SITE_TAGS.team, 'site:team', () => siteTeam(i.ctx)));
  route(app, siteApi.servicePage, (i) => sendSite(i, SITE_TAGS.servicePage, 'site:service-page', () => siteServicePage(i.ctx)));
  route(app, siteApi.settings, (i) => sendSite(i, SITE_TAGS.settings, 'site:settings', () => sitePublicSettings(i.ctx)));

  route(app, sitePostsApi.list, (i) =>
    sendSite(i, SITE_TAGS.posts, `site:posts:${i.query.page ?? 1}:${i.query.tag ?? ''}`, () =>
      sitePostPage(i.ctx, i.query.page, i.query.tag),
    ),
  );
  route(app, sitePostsApi.get, (i) => sendSite(i, SITE_TAGS.posts, `site:post:${i.params.id}`, () => sitePost(i.ctx, i.params.id)));

  route(app, siteSettingsApi.get, ({ ctx }) => getSiteSettings(ctx));
  route(app, siteSettingsApi.update, ({ ctx, body }) => updateSiteSettings(ctx, body));
  route(app, brandingApi.get, ({ ctx }) => getBranding(ctx));
  route(app, brandingApi.update, ({ ctx, body, files }) => updateBranding(ctx, body, files));
  route(app, setupApi.status, ({ ctx }) => setupStatus(ctx));
  route(app, setupApi.close, ({ ctx }) => closeSetupFor(ctx));

  await registerSitePages(app);
}
