import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachment } from '../../http/content-disposition';
import { deliveryApi } from '@darkroom/contracts';
import { unlockCookies, unlockValues } from '../../http/cookies';
import { serializerOf } from '../../http/json-schema';
import { originOf } from '../../http/origin';
import { route } from '../../http/route';
import { withScopeHeaders } from '../../http/security-headers';
import { sendText } from '../../http/send';
import {
  deliveryActivity,
  deliveryCacheTags,
  deliveryGalleryPage,
  prepareDownload,
  prepareOriginal,
  saveFavourites,
  sendDeliveryLink,
} from './delivery.service';

/**
 * Everything a delivery link answers depends on a secret (the token) and may depend on a cookie:
 * never stored by a shared cache nor kept by the browser, never indexed, never sent on as a referrer.
 */
export const DELIVERY_CACHE_CONTROL = 'private, no-store';

/** The headers every customer-side delivery answer carries, errors included (see `withScopeHeaders`). */
export const DELIVERY_HEADERS = {
  'cache-control': DELIVERY_CACHE_CONTROL,
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

/** A download is counted once: a HEAD or the rest of a resumed download (a range past byte 0) is not. */
const countsAsDownload = (request: FastifyRequest) =>
  request.method === 'GET' && (!request.headers.range || /^bytes=0-/i.test(String(request.headers.range).trim()));

/** HTTP routes of client delivery: the customer's (public, the token is the credential) and the studio's. */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  // The studio's side (admin).
  route(app, deliveryApi.send, ({ ctx, params, body, request }) => sendDeliveryLink(ctx, params.id, body.message ?? '', originOf(request)));
  route(app, deliveryApi.activity, ({ ctx, params }) => deliveryActivity(ctx, params.id));

  // The customer's side; the page, GET /g/<token>/, is delivery-page.routes.ts's.
  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);

    route(scope, deliveryApi.gallery, async ({ ctx, params, query, request, reply }) => {
      const { galleryId } = await ctx.delivery.open(ctx, params.token, unlockValues(request), { view: true });
      const which = { page: query.page ?? 1, favourites: query.favourites === '1' };
      const path = request.url.split('?', 1)[0]!;
      // One text per gallery page serves every holder of the link (favourites are the gallery's).
      const text = await ctx.cache.text(
        deliveryCacheTags(galleryId),
        `delivery:json:${galleryId}:${which.page}:${which.favourites}`,
        async () => serializerOf(deliveryApi.gallery.response)(await deliveryGalleryPage(ctx, galleryId, which, path)),
      );
      return sendText(request, reply, text, { type: 'application/json; charset=utf-8', revalidate: false });
    });

    route(scope, deliveryApi.unlock, async ({ ctx, params, body, request, reply }) => {
      const value = await ctx.delivery.unlock(ctx, params.token, body.password);
      if (value) reply.header('set-cookie', unlockCookies(request, params.token, value));
      return null;
    });

    route(scope, deliveryApi.favourites, async ({ ctx, params, body, request }) => {
      const { galleryId } = await ctx.delivery.open(ctx, params.token, unlockValues(request));
      return saveFavourites(ctx, galleryId, body.ids);
    });

    route(scope, deliveryApi.download, async ({ ctx, params, query, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request));
      const { filename, entries } = await prepareDownload(ctx, access, query.favourites === '1', countsAsDownload(request));
      const { stream, size } = await ctx.assets.zip(entries);
      reply.header('content-type', 'application/zip').header('content-disposition', attachment(filename));
      if (size >= 0) reply.header('content-length', size);
      if (request.method === 'HEAD') {
        // An empty stream: Fastify's HEAD handling keeps our Content-Length for it (it would set 0 for no payload).
        stream.destroy();
        return reply.send(Readable.from([]));
      }
      return reply.send(stream);
    });

    route(scope, deliveryApi.original, async ({ ctx, params, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request));
      const { assetId, filename } = await prepareOriginal(ctx, access, params.id, countsAsDownload(request));
      return ctx.assets.sendOriginalById(request, reply, assetId, {
        disposition: attachment(filename),
        cacheControl: DELIVERY_CACHE_CONTROL,
      });
    });
  });
}
