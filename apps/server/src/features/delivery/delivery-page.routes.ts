import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DELIVERY_MESSAGES, deliveryApi } from '@darkroom/contracts';
import type { DeliveryPageModel, VisitorFormState } from '@darkroom/site/model';
import type { AppContext } from '../../context';
import { unlockCookies, unlockValues, visitorValues } from '../../http/cookies';
import { contextOf } from '../../http/request-context';
import { route } from '../../http/route';
import { useDocumentHeaders, withScopeHeaders } from '../../http/security-headers';
import { sendText } from '../../http/send';
import { HttpError, ValidationError } from '../../lib/errors';
import { listContactInfos } from '../contact/contact.service';
import { sendNotFoundPage } from '../site/site-pages.routes';
import type { SiteRenderer } from '../site/site-renderer';
import { SITE_SETTINGS_TAG } from '../site/site-settings.service';
import { siteBrand } from '../site/branding.service';
import { sitePublicSettings } from '../site/site.service';
import { DELIVERY_CACHE_CONTROL, DELIVERY_HEADERS } from './delivery.routes';
import { deliveryCacheTags, deliveryGalleryPage } from './delivery.service';

/**
 * The customer's gallery page, `GET /g/<token>/`: rendered by apps/site from the delivery service.
 * Open: the gallery (a page of its photos, cached per gallery and page until it or the studio's
 * name changes). Locked: the password form, which also works without JavaScript
 * (`POST /g/<token>/`, then a 303 back). Missing (unknown, unpublished, expired or revoked): the
 * website's one 404 page. Every answer is private and never stored (`DELIVERY_HEADERS`).
 */

const HTML = 'text/html; charset=utf-8';

async function layoutOf(ctx: AppContext, site: SiteRenderer) {
  const [settings, brand] = await Promise.all([sitePublicSettings(ctx), siteBrand(ctx)]);
  return { studio: settings.studio_name, brand, script: site.scripts.delivery };
}

/** The password form, with the message of the attempt that failed (if any). */
async function sendLockedPage(request: FastifyRequest, reply: FastifyReply, site: SiteRenderer, status: number, error: string | null) {
  const ctx = contextOf(request);
  const { token } = request.params as { token: string };
  const model: DeliveryPageModel = { kind: 'locked', token, error };
  const html = (await site.module()).renderDeliveryPage(model, await layoutOf(ctx, site));
  return sendText(request, reply, html, { type: HTML, status, revalidate: false });
}

/**
 * The visitor's name form of a `require_email` gallery; with a plain post's entries and messages
 * (no JavaScript) when given back by the visitor route, whose JSON security headers would refuse
 * the page's styles: it sends the page's own.
 */
export async function sendRegisterPage(
  request: FastifyRequest,
  reply: FastifyReply,
  title: string,
  status = 200,
  form: VisitorFormState = { values: { name: '', email: '' }, errors: {}, failure: null },
) {
  const ctx = contextOf(request);
  const { site } = ctx;
  const { token } = request.params as { token: string };
  const model: DeliveryPageModel = { kind: 'register', token, title, form };
  const html = (await site.module()).renderDeliveryPage(model, await layoutOf(ctx, site));
  if (status !== 200) {
    useDocumentHeaders(request, reply);
    reply.headers(DELIVERY_HEADERS);
  }
  return sendText(request, reply, html, { type: HTML, status, revalidate: false });
}

/** A gallery past its last day (410): says so, with the studio's name, e-mail and phone. */
async function sendExpiredPage(request: FastifyRequest, reply: FastifyReply, site: SiteRenderer) {
  const ctx = contextOf(request);
  const [first] = await listContactInfos(ctx);
  const model: DeliveryPageModel = { kind: 'expired', contact: { email: first?.email ?? '', phone: first?.phone ?? '' } };
  const html = (await site.module()).renderDeliveryPage(model, await layoutOf(ctx, site));
  return sendText(request, reply, html, { type: HTML, status: 410, revalidate: false });
}

export async function deliveryPageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);

    route(scope, deliveryApi.page, async ({ ctx, params, query, request, reply }) => {
      const { site } = ctx;
      const access = await ctx.delivery.access(ctx, params.token, unlockValues(request), {
        view: true,
        visitorValues: visitorValues(request),
      });
      if (access.state === 'missing') return sendNotFoundPage(request, reply, { revalidate: false, cacheControl: DELIVERY_CACHE_CONTROL });
      if (access.state === 'expired') return sendExpiredPage(request, reply, site);
      if (access.state === 'locked') return sendLockedPage(request, reply, site, 200, null);
      if (access.requireEmail && access.visitorId === null) return sendRegisterPage(request, reply, access.title);
      const page = query.page ?? 1;
      const tags = [...deliveryCacheTags(access.galleryId), SITE_SETTINGS_TAG];
      const set = query.set;
      const key = `delivery:page:${access.galleryId}:${params.token}:${access.listId ?? 0}:${page}:${set ?? ''}`;
      const html = await ctx.cache.text(tags, key, async () => {
        const renderer = await site.module();
        const gallery = await deliveryGalleryPage(
          ctx,
          access.galleryId,
          { page, favourites: false, list: access.listId, set },
          request.url.split('?', 1)[0]!,
          renderer.DELIVERY_PAGE_SIZE,
        );
        const model: DeliveryPageModel = { kind: 'open', token: params.token, gallery, page };
        return renderer.renderDeliveryPage(model, await layoutOf(ctx, site));
      });
      return sendText(request, reply, html, { type: HTML, revalidate: false });
    });

    // A token that names nothing (malformed included) is the one 404 page; the form without
    // JavaScript gets its field message or the throttle's as the form again.
    scope.setErrorHandler(async (error, request, reply) => {
      const { site } = contextOf(request);
      if (error instanceof HttpError && error.statusCode === 404)
        return sendNotFoundPage(request, reply, { revalidate: false, cacheControl: DELIVERY_CACHE_CONTROL });
      if (request.method === 'POST' && (request.params as { token?: string } | undefined)?.token) {
        if (error instanceof ValidationError) {
          return sendLockedPage(request, reply, site, 400, error.fields.password?.[0] ?? DELIVERY_MESSAGES.passwordRequired);
        }
        if (error instanceof HttpError && error.statusCode === 429) {
          if (error.headers) reply.headers(error.headers);
          return sendLockedPage(request, reply, site, 429, error.detail);
        }
      }
      throw error;
    });
    route(scope, deliveryApi.pageUnlock, async ({ ctx, params, body, request, reply }) => {
      const value = await ctx.delivery.unlock(ctx, params.token, body.password);
      if (value) reply.header('set-cookie', unlockCookies(request, params.token, value));
      return reply.redirect(`/g/${params.token}/`, 303);
    });
  });
}
