import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DELIVERY_MESSAGES, deliveryApi, type DeliveryGallery } from '@darkroom/contracts';
import type { DeliveryPageModel } from '@darkroom/site/model';
import type { AppContext } from '../../context';
import { contextOf } from '../../http/request-context';
import { route } from '../../http/route';
import { withScopeHeaders } from '../../http/security-headers';
import { whenReady } from '../../lib/when-ready';
import { HttpError, ValidationError } from '../../lib/errors';
import { sendCachedText, sendFreshText } from '../site/site-http';
import { sitePageKit, type SitePageKit } from '../site/site-pages.routes';
import { SITE_SETTINGS_TAG } from '../site/site-settings.service';
import { DELIVERY_HEADERS, galleryJson } from './delivery.routes';
import { deliveryAccess, deliveryCacheTags, unlockDelivery, type DeliveryAccess } from './delivery.service';

/**
 * The customer's gallery page, `GET /g/<token>/`: rendered by apps/site from the delivery service.
 * Open: the gallery (cached per gallery and page until it or the studio's name changes). Locked:
 * the password form, which also works without JavaScript (`POST /g/<token>/`, then a 303 back).
 * Missing (unknown, unpublished, expired or revoked): the website's one 404 page. Every answer
 * is private and never stored (`DELIVERY_HEADERS`).
 */

const HTML = 'text/html; charset=utf-8';

const notBuilt = (reply: FastifyReply) =>
  reply.code(503).type('text/plain; charset=utf-8').send('The website is not built yet: run `npm run build`.');

/** The website's 404 page, kept encoded with the website's; private and never stored here, as every answer of this scope. */
async function notFoundPage(kit: SitePageKit, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { key, html } = await kit.notFoundPage(request);
  return sendCachedText(request, reply, key, html, { type: HTML, status: 404, stored: false });
}

async function layoutOf(kit: SitePageKit, ctx: AppContext) {
  return { studio: await kit.studioName(ctx), script: kit.deliveryScript };
}

/** The password form, with the message of the attempt that failed (if any). */
async function lockedPage(
  kit: SitePageKit,
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  status: number,
  error: string | null,
) {
  const model: DeliveryPageModel = { kind: 'locked', token, error };
  const html = (await kit.renderer()).renderDeliveryPage(model, await layoutOf(kit, ctx));
  return sendFreshText(request, reply, html, { type: HTML, status });
}

/** A gallery's page shows its delivery answers and the studio's name: the same array per gallery (see deliveryCacheTags). */
const pageTagsOf = new WeakMap<readonly string[], readonly string[]>();
function pageTags(delivery: readonly string[]): readonly string[] {
  let tags = pageTagsOf.get(delivery);
  if (!tags) pageTagsOf.set(delivery, (tags = Object.freeze([...delivery, SITE_SETTINGS_TAG])));
  return tags;
}

/**
 * The cached first page's key: one string per access row (the same object while the token's
 * cached row is unchanged), so looking it up again hashes nothing anew (see ResponseCache).
 */
const pageKeys = new WeakMap<OpenAccess['row'], string>();
function pageKey(access: OpenAccess): string {
  let key = pageKeys.get(access.row);
  if (key === undefined) pageKeys.set(access.row, (key = `delivery:page:${access.galleryId}:${access.row.token}`));
  return key;
}
type OpenAccess = Extract<DeliveryAccess, { state: 'open' }>;

export async function deliveryPageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);

    // A cached first page is answered without a promise on its way (see `route`): its access and
    // its text are in memory. Every page this route sends is encoded here (sendCachedText,
    // sendFreshText), so @fastify/compress adds no hooks to it: they were 6% of a cached answer.
    route(
      scope,
      deliveryApi.page,
      ({ ctx, params, query, request, reply }) => {
        const kit = sitePageKit(request);
        if (!kit) return notBuilt(reply);
        const { token } = params;
        const answer = (access: DeliveryAccess) => {
          if (access.state === 'missing') return notFoundPage(kit, request, reply);
          if (access.state === 'locked') return lockedPage(kit, ctx, request, reply, token, 200, null);
          const page = query.page ?? 1;
          const render = async () => {
            // The gallery as its JSON route caches it: built once for the page and the script's request.
            const json = await galleryJson(ctx, access.galleryId);
            const model: DeliveryPageModel = { kind: 'open', token, gallery: JSON.parse(json) as DeliveryGallery, page };
            return (await kit.renderer()).renderDeliveryPage(model, await layoutOf(kit, ctx));
          };
          // The first page is what everyone opens: cached. Later pages (no JavaScript) are drawn each time.
          if (page > 1) return render().then((html) => sendFreshText(request, reply, html, { type: HTML }));
          const key = pageKey(access);
          const tags = pageTags(deliveryCacheTags(access.galleryId));
          const send = (html: string) => sendCachedText(request, reply, key, html, { type: HTML, stored: false });
          return whenReady(ctx.cache.peek(tags, key) ?? ctx.cache.json(tags, key, render, (s) => s), send);
        };
        return whenReady(deliveryAccess(ctx, token, request.headers.cookie, { view: true }), answer);
      },
      { precompressed: true },
    );

    // A token that names nothing (malformed included) is the one 404 page; the form without
    // JavaScript gets its field message or the throttle's as the form again.
    scope.setErrorHandler(async (error, request, reply) => {
      const kit = sitePageKit(request);
      if (kit && error instanceof HttpError && error.statusCode === 404) return notFoundPage(kit, request, reply);
      const token = (request.params as { token?: string } | undefined)?.token ?? '';
      if (kit && request.method === 'POST' && token) {
        const ctx = contextOf(request);
        if (error instanceof ValidationError) {
          const message = error.fields.password?.[0] ?? DELIVERY_MESSAGES.passwordRequired;
          return lockedPage(kit, ctx, request, reply, token, 400, message);
        }
        if (error instanceof HttpError && error.statusCode === 429) {
          if (error.headers) reply.headers(error.headers);
          return lockedPage(kit, ctx, request, reply, token, 429, error.detail);
        }
      }
      throw error;
    });
    route(scope, deliveryApi.pageUnlock, async ({ ctx, params, body, request, reply }) => {
      const cookies = await unlockDelivery(ctx, params.token, body.password, request.protocol === 'https');
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.redirect(`/g/${params.token}/`, 303);
    });
  });
}
