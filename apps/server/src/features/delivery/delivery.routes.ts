import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { attachment } from '../../http/content-disposition';
import { DELIVERY_MESSAGES, deliveryApi } from '@darkroom/contracts';
import { notFound } from '../../lib/errors';
import { watermarkSettings } from '../watermark/watermark.service';
import { PIN_COOKIE, pinValues, unlockCookies, unlockValues, visitorValues } from '../../http/cookies';
import { serializerOf } from '../../http/json-schema';
import { originOf } from '../../http/origin';
import { route } from '../../http/route';
import { withScopeHeaders } from '../../http/security-headers';
import { sendText } from '../../http/send';
import {
  deliveryActivity,
  deliveryCacheTags,
  deliveryGalleryPage,
  downloadSizeOf,
  type FileSize,
  prepareDownload,
  prepareOriginal,
  previewFile,
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
      const { galleryId, listId } = await ctx.delivery.open(ctx, params.token, unlockValues(request), {
        view: true,
        visitorValues: visitorValues(request),
      });
      const which = { page: query.page ?? 1, favourites: query.favourites === '1', list: listId, set: query.set };
      const path = request.url.split('?', 1)[0]!;
      // One text per gallery page and list serves every holder of the link with that list.
      const text = await ctx.cache.text(
        deliveryCacheTags(galleryId),
        `delivery:json:${galleryId}:${params.token}:${listId ?? 0}:${which.page}:${which.favourites}:${which.set ?? ''}`,
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
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { visitorValues: visitorValues(request) });
      return saveFavourites(ctx, access, body.ids);
    });

    // Previews: the token (and the password's cookie) checked on every request, so unpublishing,
    // expiry and a new link stop them at once; answered private, revalidated each time.
    route(scope, deliveryApi.preview, async ({ ctx, params, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { visitorValues: visitorValues(request) });
      const file = await previewFile(ctx, access, params.id, params.width);
      if (!file) throw notFound(DELIVERY_MESSAGES.notFound);
      return ctx.assets.sendPreview(request, reply, file);
    });
    route(scope, deliveryApi.coverPreview, async ({ ctx, params, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { visitorValues: visitorValues(request) });
      const file = await previewFile(ctx, access, 'cover', params.width);
      if (!file) throw notFound(DELIVERY_MESSAGES.notFound);
      return ctx.assets.sendPreview(request, reply, file);
    });

    route(scope, deliveryApi.downloadPin, async ({ ctx, params, body, request, reply }) => {
      const value = await ctx.delivery.unlockPin(ctx, params.token, unlockValues(request), body.pin);
      if (value) reply.header('set-cookie', unlockCookies(request, params.token, value, PIN_COOKIE));
      return null;
    });

    route(scope, deliveryApi.download, async ({ ctx, params, query, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), {
        pinValues: pinValues(request),
        visitorValues: visitorValues(request),
      });
      const size = downloadSizeOf(access, query.size);
      const { filename, entries } = await prepareDownload(
        ctx,
        access,
        query.favourites === '1',
        countsAsDownload(request),
        size,
        query.set,
      );
      reply.header('content-type', 'application/zip').header('content-disposition', attachment(filename));
      if (size === 'web') {
        // Made as it streams: the length is known only at the end.
        if (request.method === 'HEAD') return reply.send(Readable.from([]));
        const watermark = access.watermark ? await watermarkSettings(ctx) : null;
        return reply.send(
          await ctx.assets.webZip(
            entries.map((e) => ({ name: e.name, assetId: e.assetId, mtime: e.mtime })),
            watermark,
          ),
        );
      }
      const { stream, size: length } = await ctx.assets.zip(entries);
      if (length >= 0) reply.header('content-length', length);
      if (request.method === 'HEAD') {
        // An empty stream: Fastify's HEAD handling keeps our Content-Length for it (it would set 0 for no payload).
        stream.destroy();
        return reply.send(Readable.from([]));
      }
      return reply.send(stream);
    });

    const sendPhoto = async (
      {
        ctx,
        params,
        request,
        reply,
      }: { ctx: AppContext; params: { token: string; id: number }; request: FastifyRequest; reply: FastifyReply },
      asked: FileSize | undefined,
    ) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), {
        pinValues: pinValues(request),
        visitorValues: visitorValues(request),
      });
      const size = downloadSizeOf(access, asked);
      const { assetId, filename } = await prepareOriginal(ctx, access, params.id, countsAsDownload(request), size);
      const opts = { disposition: attachment(filename), cacheControl: DELIVERY_CACHE_CONTROL };
      if (size === 'web') {
        const watermark = access.watermark ? await watermarkSettings(ctx) : null;
        return ctx.assets.sendWebSize(request, reply, assetId, { ...opts, watermark });
      }
      return ctx.assets.sendOriginalById(request, reply, assetId, opts);
    };
    route(scope, deliveryApi.original, (args) => sendPhoto(args, 'original'));
    route(scope, deliveryApi.photoDownload, (args) => sendPhoto(args, args.query.size));
  });
}
