import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  CLIENT_GALLERY_PAGE_MESSAGES,
  clientGalleryPageApi,
  COMMON_MESSAGES,
  ENQUIRY_EXTRA_KEYS,
  enquiriesApi,
  idOfSlug,
  PAGES,
  type EnquiryData,
  type SiteImage,
} from '@darkroom/contracts';
import type { EnquiryFormState, GalleryLinksFormState, Layout, PageModel } from '@darkroom/site/model';
import { declarePublicScope } from '../../auth/guard';
import type { AppContext } from '../../context';
import { mailOrigin, originOf } from '../../http/origin';
import { contextOf } from '../../http/request-context';
import { useDocumentHeaders } from '../../http/security-headers';
import { isBrowserForm } from '../../http/browser-form';
import { route } from '../../http/route';
import { sendText } from '../../http/send';
import { HttpError, ValidationError } from '../../lib/errors';
import { requestGalleryLinks } from '../delivery/delivery.service';
import { receiveEnquiry } from '../enquiries/enquiries.service';
import { siteFeedPosts, sitePost, sitePostPage, sitePostPaths } from '../blog-posts/blog-posts.service';
import type { RendererModule, SiteRenderer } from './site-renderer';
import { siteBrand } from './branding.service';
import {
  ALL_SITE_TAGS,
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

/** Pages change the moment an admin publishes: browsers revalidate (cheap, with the ETag). */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const HTML = 'text/html; charset=utf-8';
const PAGE_ID = Object.fromEntries(PAGES.map((p) => [p.slug, p.id])) as Record<(typeof PAGES)[number]['slug'], number>;
const PAGE_PATHS = [
  '/',
  '/services/',
  '/services/:slug/',
  '/love-stories/',
  '/love-stories/:slug/',
  '/about/',
  '/contact/',
  '/client-gallery/',
  '/journal/',
  '/journal/:slug/',
];
/** The contact form's fields, in form order (a plain post's entries are given back with its messages). */
const ENQUIRY_FORM_FIELDS = ['full_name', 'email', ...ENQUIRY_EXTRA_KEYS, 'message'] as const;
/** Pages with a form whose `?sent=1` is its thank-you state. */
const FORM_PAGES = ['/contact/', '/client-gallery/'];

/** A page that is not there (null) or lives at another address (its canonical path). */
class NoPage extends Error {
  constructor(readonly redirect: string | null) {
    super('no page');
  }
}

async function layoutOf(ctx: AppContext, site: SiteRenderer, origin: string): Promise<Layout> {
  const [settings, contact, posts, brand] = await Promise.all([
    sitePublicSettings(ctx),
    siteContact(ctx),
    sitePostPage(ctx, 1, undefined, 1),
    siteBrand(ctx),
  ]);
  return { settings, brand, origin, script: site.scripts.site, contact, journal: posts.total > 0 };
}

async function heroOf(ctx: AppContext, page: number): Promise<SiteImage | null> {
  return (await sitePageImages(ctx)).find((p) => p.page === page)?.image ?? null;
}

/** The published services a visitor may ask about, in the portal's order. */
async function serviceChoices(ctx: AppContext): Promise<{ id: number; name: string }[]> {
  return (await siteServices(ctx)).map((s) => ({ id: s.id, name: s.name }));
}

/** The page number a `?page=` asks for: 1 when absent, 0 (no such page) when malformed. */
function pageNumber(query: URLSearchParams): number {
  const raw = query.get('page');
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0;
}

/** A 404 of the read model is a page that is not there. */
function notThere(err: unknown): never {
  if (err instanceof HttpError && err.statusCode === 404) throw new NoPage(null);
  throw err;
}

/** A page's model from its path; throws `NoPage` when the path names nothing published. */
async function modelOf(ctx: AppContext, renderer: RendererModule, pathname: string, query: URLSearchParams): Promise<PageModel> {
  switch (pathname) {
    case '/': {
      const [hero, carousel, homeGallery, services, stories] = await Promise.all([
        heroOf(ctx, PAGE_ID.home),
        siteCarousel(ctx),
        siteHomeGallery(ctx),
        siteServices(ctx),
        siteLoveStories(ctx),
      ]);
      return { kind: 'home', hero, carousel, homeGallery, services, stories };
    }
    case '/services/': {
      const [hero, servicePage, services] = await Promise.all([heroOf(ctx, PAGE_ID.services), siteServicePage(ctx), siteServices(ctx)]);
      return { kind: 'services', hero, servicePage, services };
    }
    case '/love-stories/': {
      const [hero, stories] = await Promise.all([heroOf(ctx, PAGE_ID['love-story']), siteLoveStories(ctx)]);
      return { kind: 'love-stories', hero, stories };
    }
    case '/about/': {
      const [hero, about, team] = await Promise.all([heroOf(ctx, PAGE_ID['about-us']), siteAbout(ctx), siteTeam(ctx)]);
      return { kind: 'about', hero, about, team };
    }
    case '/contact/': {
      const [hero, contact, services] = await Promise.all([heroOf(ctx, PAGE_ID['contact-us']), siteContact(ctx), serviceChoices(ctx)]);
      // "Ask about <service>" links here with the service chosen.
      const asked = services.find((s) => String(s.id) === query.get('service'));
      const values = { ...renderer.EMPTY_ENQUIRY.values, service: asked ? String(asked.id) : '' };
      return { kind: 'contact', hero, contact, services, form: { ...renderer.EMPTY_ENQUIRY, values, sent: query.get('sent') === '1' } };
    }
    case '/client-gallery/': {
      const hero = await heroOf(ctx, PAGE_ID['client-gallery']);
      return { kind: 'client-gallery', hero, form: { ...renderer.EMPTY_GALLERY_LINKS, sent: query.get('sent') === '1' } };
    }
    case '/journal/': {
      const page = pageNumber(query);
      const tag = query.get('tag')?.trim().slice(0, 40) || null;
      if (page === 0) throw new NoPage(null);
      const [hero, posts] = await Promise.all([heroOf(ctx, PAGE_ID.blog), sitePostPage(ctx, page, tag ?? undefined).catch(notThere)]);
      return { kind: 'journal', hero, posts, tag };
    }
  }
  const post = /^\/journal\/([^/]+)\/$/.exec(pathname);
  if (post) {
    const id = idOfSlug(decodeURIComponent(post[1]!));
    if (id === null || query.has('page')) throw new NoPage(null);
    const record = await sitePost(ctx, id).catch(notThere);
    if (record.path !== pathname) throw new NoPage(record.path);
    return { kind: 'post', post: record };
  }
  const m = /^\/(services|love-stories)\/([^/]+)\/$/.exec(pathname);
  const id = m ? idOfSlug(decodeURIComponent(m[2]!)) : null;
  const page = pageNumber(query);
  if (!m || id === null || page === 0) throw new NoPage(null);
  const record = await (m[1] === 'services' ? siteService(ctx, id, page) : siteLoveStory(ctx, id, page)).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) throw new NoPage(null);
    throw err;
  });
  const canonical = `/${m[1]}/${record.slug}/`;
  if (canonical !== pathname) throw new NoPage(canonical + (page > 1 ? `?page=${page}` : ''));
  const gallery = {
    photos: record.gallery,
    page,
    pages: Math.max(1, Math.ceil(record.total / renderer.GALLERY_PAGE_SIZE)),
    total: record.total,
  };
  return 'name' in record ? { kind: 'service', service: record, gallery } : { kind: 'love-story', story: record, gallery };
}

/**
 * The website's 404 page for this request's origin, from the response cache: for unknown pages,
 * and for a delivery link that names nothing (`revalidate: false` there, as every delivery answer).
 */
export async function sendNotFoundPage(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { revalidate?: boolean; cacheControl?: string } = {},
) {
  const ctx = contextOf(request);
  const { site } = ctx;
  const origin = originOf(request);
  const html = await ctx.cache.text(ALL_SITE_TAGS, `page:${origin}:not-found`, async () =>
    (await site.module()).renderPage({ kind: 'not-found' }, await layoutOf(ctx, site, origin), '/'),
  );
  return sendText(request, reply, html, { type: HTML, status: 404, cacheControl: 'no-cache', ...opts });
}

/** Paths that belong to the API, the portal, media or the reference: their 404 stays JSON. */
const NOT_SITE = /^\/(adminportal|accounts|site|media|docs|admin-account|g|healthz)(\/|$)/;

/** Whether an unmatched request is a browser asking for a page of the website (it gets the website's 404 page). */
export function wantsSitePage(request: FastifyRequest): boolean {
  const url = request.url.split('?', 1)[0]!;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !NOT_SITE.test(url) &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

/** A page of the website, from the response cache (keyed by origin, path and the query it reads). */
async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const ctx = contextOf(request);
  const { site } = ctx;
  const [pathname, search = ''] = request.url.split('?', 2) as [string, string?];
  const query = new URLSearchParams(search);
  const origin = originOf(request);
  const pageParam = query.get('page');
  const sent = FORM_PAGES.includes(pathname) && query.get('sent') === '1';
  const tag = pathname === '/journal/' ? query.get('tag') || null : null;
  const pageSuffix = pageParam !== null && pageParam !== '1' ? `page=${pageParam}` : '';
  const journalQuery = [tag ? `tag=${encodeURIComponent(tag)}` : '', pageSuffix].filter(Boolean).join('&');
  // The contact page's chosen service is part of the key; anything but an id is the plain page.
  const service = pathname === '/contact/' && /^[1-9]\d{0,9}$/.test(query.get('service') ?? '') ? `?service=${query.get('service')}` : '';
  const suffix = tag !== null ? `?${journalQuery}` : `${pageSuffix ? `?${pageSuffix}` : ''}${sent ? '?sent=1' : ''}${service}`;
  try {
    const html = await ctx.cache.text(ALL_SITE_TAGS, `page:${origin}${pathname}${suffix}`, async () => {
      const renderer = await site.module();
      const model = await modelOf(ctx, renderer, pathname, query);
      return renderer.renderPage(
        model,
        await layoutOf(ctx, site, origin),
        tag !== null ? `${pathname}?${journalQuery}` : `${pathname}${pageSuffix ? `?${pageSuffix}` : ''}`,
      );
    });
    return await sendText(request, reply, html, { type: HTML, cacheControl: sent ? 'no-cache' : PAGE_CACHE_CONTROL });
  } catch (err) {
    if (!(err instanceof NoPage)) throw err;
    return err.redirect ? reply.redirect(err.redirect, 301) : sendNotFoundPage(request, reply);
  }
}

/** The contact page again, with the visitor's entries and the field messages (no JavaScript). */
async function contactWithErrors(request: FastifyRequest, reply: FastifyReply, status: number, form: EnquiryFormState) {
  const ctx = contextOf(request);
  const renderer = await ctx.site.module();
  const [hero, contact, services, layout] = await Promise.all([
    heroOf(ctx, PAGE_ID['contact-us']),
    siteContact(ctx),
    serviceChoices(ctx),
    layoutOf(ctx, ctx.site, originOf(request)),
  ]);
  const html = renderer.renderPage({ kind: 'contact', hero, contact, services, form }, layout, '/contact/');
  // A page, answered by the intake's JSON route: the page's own policy, or its styles are refused.
  useDocumentHeaders(request, reply);
  return sendText(request, reply, html, { type: HTML, status, cacheControl: 'no-store' });
}

/** The client gallery page again, with the address typed and its message (no JavaScript). */
async function clientGalleryWithErrors(request: FastifyRequest, reply: FastifyReply, status: number, form: GalleryLinksFormState) {
  const ctx = contextOf(request);
  const renderer = await ctx.site.module();
  const [hero, layout] = await Promise.all([heroOf(ctx, PAGE_ID['client-gallery']), layoutOf(ctx, ctx.site, originOf(request))]);
  const html = renderer.renderPage({ kind: 'client-gallery', hero, form }, layout, '/client-gallery/');
  useDocumentHeaders(request, reply);
  return sendText(request, reply, html, { type: HTML, status, cacheControl: 'no-store' });
}

/** The sitemap of the published pages, for this request's origin. */
async function sendSitemap(request: FastifyRequest, reply: FastifyReply) {
  const ctx = contextOf(request);
  const { site } = ctx;
  const origin = originOf(request);
  const text = await ctx.cache.text(ALL_SITE_TAGS, `sitemap:${origin}`, async () => {
    const [settings, services, stories, posts] = await Promise.all([
      sitePublicSettings(ctx),
      siteServices(ctx),
      siteLoveStories(ctx),
      sitePostPaths(ctx),
    ]);
    const paths = ['/', ...settings.menu_pages.map((p) => `/${p}/`)];
    for (const p of ['/services/', '/love-stories/', '/about/', '/contact/', '/client-gallery/']) if (!paths.includes(p)) paths.push(p);
    if (posts.length) paths.push('/journal/');
    return (await site.module()).renderSitemap(origin, [
      ...paths.map((p) => ({ path: p })),
      ...services.map((s) => ({ path: `/services/${s.slug}/` })),
      ...stories.map((s) => ({ path: `/love-stories/${s.slug}/` })),
      ...posts,
    ]);
  });
  return sendText(request, reply, text, { type: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=3600' });
}

/** The journal's RSS feed for this request's origin. */
async function sendFeed(request: FastifyRequest, reply: FastifyReply) {
  const ctx = contextOf(request);
  const origin = originOf(request);
  const text = await ctx.cache.text(ALL_SITE_TAGS, `feed:${origin}`, async () => {
    const [settings, posts] = await Promise.all([sitePublicSettings(ctx), siteFeedPosts(ctx)]);
    return (await ctx.site.module()).renderFeed(origin, settings.studio_name, posts);
  });
  return sendText(request, reply, text, { type: 'application/rss+xml; charset=utf-8', cacheControl: PAGE_CACHE_CONTROL });
}

async function sendRobots(request: FastifyRequest, reply: FastifyReply) {
  const { site } = contextOf(request);
  const text = (await site.module()).renderRobots(originOf(request));
  return sendText(request, reply, text, { type: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=86400' });
}

/** The website under `/`, rendered on the server from the site read model and cached like the JSON. */
export async function registerSitePages(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    declarePublicScope(scope);
    for (const url of PAGE_PATHS) scope.get(url, sendPage);
    scope.get('/journal/feed.xml', sendFeed);
    for (const url of ['/services', '/love-stories', '/about', '/contact', '/client-gallery', '/journal']) {
      scope.get(url, (_request, reply) => reply.redirect(`${url}/`, 301));
    }
    scope.get('/sitemap.xml', sendSitemap);
    scope.get('/robots.txt', sendRobots);

    const assets = path.join(app.runtime.config.siteDist, 'client');
    if (!fs.existsSync(assets)) {
      // Not built yet: the same public route answers 404, so the route table never depends on a build.
      scope.get('/site-assets/*', async (_request, reply) => reply.code(404).send({ detail: COMMON_MESSAGES.notFound }));
    } else {
      await scope.register(fastifyStatic, {
        root: assets,
        prefix: '/site-assets/',
        logLevel: 'warn',
        wildcard: true,
        index: false,
        decorateReply: false,
        preCompressed: true,
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
  });

  // The enquiry intake: JSON for scripts and other front ends; a page and a redirect for a
  // browser's plain form post, with the same messages, honeypot and rate limit.
  await app.register(async (scope) => {
    scope.setErrorHandler(async (error, request, reply) => {
      if (isBrowserForm(request)) {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
        const values = Object.fromEntries(ENQUIRY_FORM_FIELDS.map((f) => [f, text(f)])) as EnquiryFormState['values'];
        if (error instanceof ValidationError) {
          const errors: EnquiryFormState['errors'] = {};
          for (const field of ENQUIRY_FORM_FIELDS) if (error.fields[field]?.[0]) errors[field] = error.fields[field][0];
          return contactWithErrors(request, reply, 400, { values, errors, failure: null, sent: false });
        }
        if (error instanceof HttpError && error.statusCode === 429) {
          if (error.headers) reply.headers(error.headers);
          return contactWithErrors(request, reply, 429, { values, errors: {}, failure: error.detail, sent: false });
        }
      }
      throw error;
    });
    route(scope, enquiriesApi.receive, async ({ ctx, body, request, reply }) => {
      const answer = await receiveEnquiry(ctx, body as EnquiryData);
      if (isBrowserForm(request)) return reply.redirect('/contact/?sent=1#enquiry', 303);
      return answer;
    });
  });
  // The client gallery page's form: JSON for the page's script, a page and a redirect for a
  // browser's plain form post. Every well-formed address gets the same answer.
  await app.register(async (scope) => {
    scope.setErrorHandler(async (error, request, reply) => {
      if (isBrowserForm(request)) {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === 'string' ? body.email : '';
        if (error instanceof ValidationError) {
          return clientGalleryWithErrors(request, reply, 400, {
            email,
            error: error.fields.email?.[0] ?? null,
            failure: null,
            sent: false,
          });
        }
        if (error instanceof HttpError && error.statusCode === 429) {
          if (error.headers) reply.headers(error.headers);
          return clientGalleryWithErrors(request, reply, 429, { email, error: null, failure: error.detail, sent: false });
        }
      }
      throw error;
    });
    route(scope, clientGalleryPageApi.request, async ({ ctx, body, request, reply }) => {
      await requestGalleryLinks(ctx, body.email, mailOrigin(request));
      if (isBrowserForm(request)) return reply.redirect('/client-gallery/?sent=1#gallery-links', 303);
      return { status: true as const, detail: CLIENT_GALLERY_PAGE_MESSAGES.sent };
    });
  });
}
