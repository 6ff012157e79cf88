import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { COMMON_MESSAGES, enquiriesApi, idOfSlug, PAGES, type EnquiryData, type SiteImage } from '@darkroom/contracts';
import type { DeliveryLayout, DeliveryPageModel, EnquiryFormState, GalleryPage, Layout, PageModel } from '@darkroom/site/model';
import { declarePublicScope } from '../../auth/guard';
import type { AppContext } from '../../context';
import { contextOf } from '../../http/request-context';
import { route } from '../../http/route';
import { HttpError, ValidationError } from '../../lib/errors';
import { receiveEnquiry } from '../enquiries/enquiries.service';
import { sendCachedText } from './site-http';
import {
  ALL_SITE_TAGS,
  siteAbout,
  siteCarousel,
  siteContact,
  siteHomeGallery,
  siteLoveStories,
  sitePageImages,
  sitePublicSettings,
  siteServicePage,
  siteServices,
  siteTeam,
} from './site.service';

/** What the built renderer (apps/site, `vite build --ssr`) exports. */
interface SiteRenderer {
  renderPage(page: PageModel, layout: Layout, path: string): string;
  renderSitemap(origin: string, paths: { path: string; lastmod?: string }[]): string;
  renderRobots(origin: string): string;
  /** The customer's gallery page at `/g/<token>/` (features/delivery), open or locked. */
  renderDeliveryPage(model: DeliveryPageModel, layout: DeliveryLayout): string;
  GALLERY_PAGE_SIZE: number;
  EMPTY_ENQUIRY: EnquiryFormState;
}

/** Gives the renderer, loading it on the first call. */
type RendererLoader = () => Promise<SiteRenderer>;

/**
 * The renderer: the production build when there is one, loaded when the first page is drawn
 * (React's server renderer was a twentieth of the time to the first answer at start-up);
 * otherwise the source, which only a Vite-based runner (the tests) can import, tried at once.
 * Null when neither is available.
 */
async function rendererLoader(siteDist: string): Promise<RendererLoader | null> {
  const built = path.join(siteDist, 'server', 'render.js');
  if (fs.existsSync(built)) {
    let loading: Promise<SiteRenderer> | undefined;
    return () => (loading ??= import(pathToFileURL(built).href) as Promise<SiteRenderer>);
  }
  const source = '@darkroom/site/render';
  try {
    const renderer = (await import(/* @vite-ignore */ source)) as SiteRenderer;
    return async () => renderer;
  } catch {
    return null;
  }
}

/** The built client scripts by name (`site`, `delivery`): their hashed URLs from Vite's manifest. */
function clientScripts(siteDist: string): Record<string, string> {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(siteDist, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string; isEntry?: boolean }
    >;
    return Object.fromEntries(
      Object.values(manifest)
        .filter((m) => m.isEntry && m.name)
        .map((m) => [m.name!, `/site-assets/${m.file}`]),
    );
  } catch {
    return {};
  }
}

/** What another area's page draws with (the customer's gallery, features/delivery). */
export interface SitePageKit {
  renderer: RendererLoader;
  /** The delivery page's built script, or null before the site is built. */
  deliveryScript: string | null;
  studioName(ctx: AppContext): Promise<string>;
  /** The website's 404 page (one text for every page that is not there) and its key for `sendCachedText`. */
  notFoundPage(request: FastifyRequest): Promise<{ key: string; html: string }>;
}
/** Each server's kit, by its runtime (tests run several servers in one process); none before a build. */
const pageKits = new WeakMap<object, SitePageKit>();
export function sitePageKit(request: FastifyRequest): SitePageKit | null {
  return pageKits.get(request.server.runtime) ?? null;
}

/** Pages change the moment an admin publishes: browsers revalidate (cheap, with the ETag). */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const HTML = 'text/html; charset=utf-8';
const PAGE_ID = Object.fromEntries(PAGES.map((p) => [p.slug, p.id])) as Record<(typeof PAGES)[number]['slug'], number>;

/** A browser's own form submission (no script): it wants a page back, not JSON. */
function isBrowserForm(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '');
  const accept = String(request.headers.accept ?? '');
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type) && accept.includes('text/html');
}

type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
/** Each server's 404 page, by its runtime (tests run several servers in one process). */
const notFoundPages = new WeakMap<object, PageHandler>();

/** Paths that belong to the API, the portal, media or the reference: their 404 stays JSON. */
const NOT_SITE = /^\/(adminportal|accounts|site|media|docs|admin-account|g|healthz)(\/|$)/;

/** The website's 404 page for a browser asking for a page that does not exist; null otherwise. */
export function siteNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | null {
  const url = request.url.split('?', 1)[0]!;
  const notFoundPage = notFoundPages.get(request.server.runtime);
  if (!notFoundPage || (request.method !== 'GET' && request.method !== 'HEAD') || NOT_SITE.test(url)) return null;
  if (!String(request.headers.accept ?? '').includes('text/html')) return null;
  return notFoundPage(request, reply);
}

/** The website under `/`, rendered on the server from the site read model and cached like the JSON. */
export async function registerSitePages(app: FastifyInstance): Promise<void> {
  const { config } = app.runtime;
  const loadRenderer = await rendererLoader(config.siteDist);
  const scripts = clientScripts(config.siteDist);
  const script = scripts.site ?? null;

  /** Origins seen (without PUBLIC_URL); bounded so a forged Host cannot grow the cache. */
  const origins: string[] = [];
  const originOf = (request: FastifyRequest): string => {
    if (config.publicUrl) return config.publicUrl;
    const host = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(request.host) ? request.host.toLowerCase() : 'localhost';
    const origin = `${request.protocol}://${host}`;
    if (origins.includes(origin)) return origin;
    if (origins.length < 4) {
      origins.push(origin);
      return origin;
    }
    return origins[0]!;
  };

  const layoutOf = async (ctx: AppContext, origin: string): Promise<Layout> => ({
    settings: await sitePublicSettings(ctx),
    origin,
    script,
    contact: await siteContact(ctx),
  });
  const heroOf = async (ctx: AppContext, page: number): Promise<SiteImage | null> =>
    (await sitePageImages(ctx)).find((p) => p.page === page)?.image ?? null;

  const galleryPage = (renderer: SiteRenderer, photos: GalleryPage['photos'], requested: number): GalleryPage | null => {
    const size = renderer.GALLERY_PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(photos.length / size));
    if (requested < 1 || requested > pages) return null;
    return { photos: photos.slice((requested - 1) * size, requested * size), page: requested, pages, total: photos.length };
  };

  /** Builds a page's model from the URL, or null when it names nothing published. */
  async function modelOf(
    renderer: SiteRenderer,
    ctx: AppContext,
    url: string,
    query: URLSearchParams,
  ): Promise<{ model: PageModel; canonical?: string } | null> {
    const pageParam = query.get('page');
    const pageNo = pageParam === null ? 1 : /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 0;
    if (url === '/') {
      const [hero, carousel, homeGallery, services, stories] = await Promise.all([
        heroOf(ctx, PAGE_ID.home),
        siteCarousel(ctx),
        siteHomeGallery(ctx),
        siteServices(ctx),
        siteLoveStories(ctx),
      ]);
      return { model: { kind: 'home', hero, carousel, homeGallery, services, stories } };
    }
    if (url === '/services/') {
      const [hero, servicePage, services] = await Promise.all([heroOf(ctx, PAGE_ID.services), siteServicePage(ctx), siteServices(ctx)]);
      return { model: { kind: 'services', hero, servicePage, services } };
    }
    if (url === '/love-stories/') {
      const [hero, stories] = await Promise.all([heroOf(ctx, PAGE_ID['love-story']), siteLoveStories(ctx)]);
      return { model: { kind: 'love-stories', hero, stories } };
    }
    if (url === '/about/') {
      const [hero, about, team] = await Promise.all([heroOf(ctx, PAGE_ID['about-us']), siteAbout(ctx), siteTeam(ctx)]);
      return { model: { kind: 'about', hero, about, team } };
    }
    if (url === '/contact/') {
      const [hero, contact] = await Promise.all([heroOf(ctx, PAGE_ID['contact-us']), siteContact(ctx)]);
      const form = { ...renderer.EMPTY_ENQUIRY, sent: query.get('sent') === '1' };
      return { model: { kind: 'contact', hero, contact, form } };
    }
    const m = /^\/(services|love-stories)\/([^/]+)\/$/.exec(url);
    if (!m) return null;
    const id = idOfSlug(decodeURIComponent(m[2]!));
    if (id === null) return null;
    if (m[1] === 'services') {
      const service = (await siteServices(ctx)).find((s) => s.id === id);
      const gallery = service && galleryPage(renderer, service.gallery, pageNo);
      if (!service || !gallery) return null;
      return { model: { kind: 'service', service, gallery }, canonical: `/services/${service.slug}/` };
    }
    const story = (await siteLoveStories(ctx)).find((s) => s.id === id);
    const gallery = story && galleryPage(renderer, story.gallery, pageNo);
    if (!story || !gallery) return null;
    return { model: { kind: 'love-story', story, gallery }, canonical: `/love-stories/${story.slug}/` };
  }

  const notBuilt = (reply: FastifyReply) =>
    reply.code(503).type('text/plain; charset=utf-8').send('The website is not built yet: run `npm run build`.');

  /**
   * A page: sent at once when its text is cached (no promise, no request context), else rendered.
   * The cached path is most of a site's traffic; its awaits and promises were a few percent of it.
   * Where it sends at once it returns nothing (Fastify sends a sync handler's return value).
   */
  function page(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined {
    if (!loadRenderer) {
      notBuilt(reply);
      return undefined;
    }
    const [pathname, search = ''] = request.url.split('?', 2) as [string, string?];
    const query = search ? new URLSearchParams(search) : null;
    const origin = originOf(request);
    // Only the query parameters a page reads are part of its identity.
    const pageParam = query?.get('page') ?? null;
    const sent = pathname === '/contact/' && query?.get('sent') === '1';
    const suffix = `${pageParam !== null && pageParam !== '1' ? `?page=${pageParam}` : ''}${sent ? '?sent=1' : ''}`;
    const key = `page:${origin}${pathname}${suffix}`;
    // Only pages are cached under a page's key (a redirect or a 404 never is).
    const cached = app.runtime.cache.peek(ALL_SITE_TAGS, key);
    if (cached !== undefined) {
      sendCachedText(request, reply, key, cached, { type: HTML, cacheControl: sent ? 'no-cache' : PAGE_CACHE_CONTROL });
      return undefined;
    }
    return renderPage(request, reply, { pathname, query: query ?? new URLSearchParams(), origin, pageParam, sent, key });
  }

  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    {
      pathname,
      query,
      origin,
      pageParam,
      sent,
      key,
    }: { pathname: string; query: URLSearchParams; origin: string; pageParam: string | null; sent: boolean; key: string },
  ): Promise<FastifyReply> {
    const render = loadRenderer!;
    // The request context is built only when the page is rendered.
    const { cache } = app.runtime;
    let context: AppContext | undefined;
    const ctxOf = () => (context ??= contextOf(request));
    let status = 200;
    let redirect: string | null = null;
    const html = await cache
      .json(
        ALL_SITE_TAGS,
        key,
        async () => {
          const renderer = await render();
          const found = await modelOf(renderer, ctxOf(), pathname, query);
          if (found?.canonical && found.canonical !== pathname) {
            redirect = found.canonical + (pageParam && pageParam !== '1' ? `?page=${pageParam}` : '');
            // Not cached: a redirect is decided again on each request.
            throw new RedirectSignal(redirect);
          }
          if (!found) throw new NotFoundSignal();
          return renderer.renderPage(
            found.model,
            await layoutOf(ctxOf(), origin),
            `${pathname}${pageParam && pageParam !== '1' ? `?page=${pageParam}` : ''}`,
          );
        },
        (s) => s,
      )
      .catch(async (err: unknown) => {
        if (err instanceof RedirectSignal) {
          redirect = err.location;
          return '';
        }
        if (!(err instanceof NotFoundSignal)) throw err;
        status = 404;
        return cache.json(
          ALL_SITE_TAGS,
          `page:${origin}:not-found`,
          async () => (await render()).renderPage({ kind: 'not-found' }, await layoutOf(ctxOf(), origin), pathname),
          (s) => s,
        );
      });
    if (redirect) return reply.redirect(redirect, 301);
    return sendCachedText(request, reply, status === 404 ? `page:${origin}:not-found` : key, html, {
      type: HTML,
      cacheControl: status === 404 || sent ? 'no-cache' : PAGE_CACHE_CONTROL,
      status,
    });
  }

  /** The contact page again, with the visitor's entries and the field messages (no JavaScript). */
  async function contactWithErrors(request: FastifyRequest, reply: FastifyReply, code: number, form: EnquiryFormState) {
    if (!loadRenderer) return notBuilt(reply);
    const renderer = await loadRenderer();
    const ctx = contextOf(request);
    const origin = originOf(request);
    const [hero, contact] = await Promise.all([heroOf(ctx, PAGE_ID['contact-us']), siteContact(ctx)]);
    const html = renderer.renderPage({ kind: 'contact', hero, contact, form }, await layoutOf(ctx, origin), '/contact/');
    return reply.code(code).header('cache-control', 'no-store').type(HTML).send(html);
  }

  const notFoundPage = async (request: FastifyRequest): Promise<{ key: string; html: string }> => {
    const ctx = contextOf(request);
    const origin = originOf(request);
    const key = `page:${origin}:not-found`;
    const html = await ctx.cache.json(
      ALL_SITE_TAGS,
      key,
      async () => (await loadRenderer!()).renderPage({ kind: 'not-found' }, await layoutOf(ctx, origin), '/'),
      (s) => s,
    );
    return { key, html };
  };
  notFoundPages.set(app.runtime, async (request, reply) => {
    if (!loadRenderer) return notBuilt(reply);
    const { key, html } = await notFoundPage(request);
    return sendCachedText(request, reply, key, html, {
      type: HTML,
      cacheControl: 'no-cache',
      status: 404,
    });
  });
  if (loadRenderer) {
    pageKits.set(app.runtime, {
      renderer: loadRenderer,
      deliveryScript: scripts.delivery ?? null,
      studioName: async (ctx) => (await sitePublicSettings(ctx)).studio_name,
      notFoundPage,
    });
  }

  await app.register(async (scope) => {
    declarePublicScope(scope);
    for (const url of ['/', '/services/', '/services/:slug/', '/love-stories/', '/love-stories/:slug/', '/about/', '/contact/']) {
      // A page is sent already encoded (sendCachedText chooses brotli, gzip or none), so it skips
      // @fastify/compress's onSend hook, which only looked at it to let it through.
      scope.get(url, { compress: false }, page);
    }
    for (const url of ['/services', '/love-stories', '/about', '/contact']) {
      scope.get(url, (request, reply) => reply.redirect(`${url}/`, 301));
    }

    scope.get('/sitemap.xml', async (request, reply) => {
      if (!loadRenderer) return notBuilt(reply);
      const ctx = contextOf(request);
      const origin = originOf(request);
      const key = `sitemap:${origin}`;
      const text = await ctx.cache.json(
        ALL_SITE_TAGS,
        key,
        async () => {
          const settings = await sitePublicSettings(ctx);
          const [services, stories] = await Promise.all([siteServices(ctx), siteLoveStories(ctx)]);
          const paths = ['/', ...settings.menu_pages.map((p) => `/${p}/`)];
          for (const p of ['/services/', '/love-stories/', '/about/', '/contact/']) if (!paths.includes(p)) paths.push(p);
          return (await loadRenderer()).renderSitemap(origin, [
            ...paths.map((p) => ({ path: p })),
            ...services.map((s) => ({ path: `/services/${s.slug}/` })),
            ...stories.map((s) => ({ path: `/love-stories/${s.slug}/` })),
          ]);
        },
        (s) => s,
      );
      return sendCachedText(request, reply, key, text, { type: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=3600' });
    });
    scope.get('/robots.txt', async (request, reply) => {
      if (!loadRenderer) return notBuilt(reply);
      const origin = originOf(request);
      const renderer = await loadRenderer();
      return sendCachedText(request, reply, `robots:${origin}`, renderer.renderRobots(origin), {
        type: 'text/plain; charset=utf-8',
        cacheControl: 'public, max-age=86400',
      });
    });

    const assets = path.join(config.siteDist, 'client');
    if (!fs.existsSync(assets)) {
      // Not built yet: the same public route answers 404, so the route table never depends on a build.
      scope.get('/site-assets/*', async (_request, reply) => reply.code(404).send({ detail: COMMON_MESSAGES.notFound }));
    } else {
      await scope.register(fastifyStatic, {
        root: assets,
        prefix: '/site-assets/',
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
        const values = {
          full_name: typeof body.full_name === 'string' ? body.full_name : '',
          email: typeof body.email === 'string' ? body.email : '',
          message: typeof body.message === 'string' ? body.message : '',
        };
        if (error instanceof ValidationError) {
          const errors: EnquiryFormState['errors'] = {};
          for (const field of ['full_name', 'email', 'message'] as const)
            if (error.fields[field]?.[0]) errors[field] = error.fields[field][0];
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
}

class RedirectSignal extends Error {
  constructor(readonly location: string) {
    super('redirect');
  }
}
class NotFoundSignal extends Error {}
