import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deliveryApi } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { serializerOf } from '../../http/json-schema';
import { route } from '../../http/route';
import { withScopeHeaders } from '../../http/security-headers';
import { BoundedMap } from '../../lib/bounded-map';
import { whenReady } from '../../lib/when-ready';
import { sendCachedText } from '../site/site-http';
import {
  attachment,
  deliveryActivity,
  deliveryCacheTags,
  deliveryGallery,
  openGalleryJson,
  prepareDownload,
  prepareOriginal,
  saveFavourites,
  sendDeliveryLink,
  unlockDelivery,
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

const JSON_TYPE = 'application/json; charset=utf-8';

const isSecure = (request: FastifyRequest) => request.protocol === 'https';

/**
 * The response-cache key of a gallery's JSON (and of its prepared bytes): one string per gallery,
 * so looking it up again hashes nothing anew (see ResponseCache).
 */
const jsonKeys = new BoundedMap<number, string>(10_000);
function galleryJsonKey(galleryId: number): string {
  let key = jsonKeys.get(galleryId);
  if (key === undefined) jsonKeys.set(galleryId, (key = `delivery:json:${galleryId}`));
  return key;
}

/**
 * A gallery's JSON as its route answers it, from the response cache: the text itself when it is
 * made (no promise to wait for), else its promise. Favourites are the gallery's (one customer per
 * gallery), so one text serves every holder of the link; the page renders from the same text,
 * built once for the page and the script's request that follows it.
 */
export function galleryJson(ctx: AppContext, galleryId: number): string | Promise<string> {
  const tags = deliveryCacheTags(galleryId);
  const key = galleryJsonKey(galleryId);
  return (
    ctx.cache.peek(tags, key) ??
    ctx.cache.json(tags, key, () => deliveryGallery(ctx, galleryId), serializerOf(deliveryApi.gallery.response))
  );
}

/** The address links in e-mails start with: PUBLIC_URL, else the request's own origin (a sane Host only). */
export function originOf(request: FastifyRequest): string {
  const configured = request.server.runtime.config.publicUrl;
  if (configured) return configured;
  const host = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(request.host) ? request.host.toLowerCase() : 'localhost';
  return `${request.protocol}://${host}`;
}

/** A download is counted once: a HEAD or the rest of a resumed download (a range past byte 0) is not. */
const countsAsDownload = (request: FastifyRequest) =>
  request.method === 'GET' && (!request.headers.range || /^bytes=0-/i.test(String(request.headers.range).trim()));

/** HTTP routes of client delivery: the customer's (public, the token is the credential) and the studio's. */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  // The studio's side (admin).
  route(app, deliveryApi.send, ({ ctx, params, body, request }) => sendDeliveryLink(ctx, params.id, body.message ?? '', originOf(request)));
  route(app, deliveryApi.activity, ({ ctx, params }) => deliveryActivity(ctx, params.id));

  // The customer's side.
  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);

    // The page, GET /g/<token>/, is delivery-page.routes.ts's. The JSON of a cached gallery is
    // answered without a promise on its way (see `route`): its access and its text are in memory.
    route(
      scope,
      deliveryApi.gallery,
      ({ ctx, params, request, reply }) => {
        return whenReady(openGalleryJson(ctx, params.token, request.headers.cookie), ({ galleryId }) =>
          whenReady(galleryJson(ctx, galleryId), (text) =>
            sendCachedText(request, reply, galleryJsonKey(galleryId), text, { type: JSON_TYPE, stored: false }),
          ),
        );
      },
      { precompressed: true },
    );

    route(scope, deliveryApi.unlock, async ({ ctx, params, body, request, reply }) => {
      const cookies = await unlockDelivery(ctx, params.token, body.password, isSecure(request));
      if (cookies.length) reply.header('set-cookie', cookies);
      return null;
    });

    route(scope, deliveryApi.favourites, ({ ctx, params, body, request }) =>
      saveFavourites(ctx, params.token, request.headers.cookie, body.ids),
    );

    route(scope, deliveryApi.download, async ({ ctx, params, query, request, reply }) => {
      const { filename, entries } = await prepareDownload(ctx, params.token, request.headers.cookie, query.favourites === '1', {
        record: countsAsDownload(request),
      });
      // Sent straight into the response (a zip is never compressed here): its queue frees pieces' memory.
      const { stream, size } = await ctx.assets.zip(entries, reply.raw);
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
      const { assetId, filename } = await prepareOriginal(ctx, params.token, request.headers.cookie, params.id, {
        record: countsAsDownload(request),
      });
      return ctx.assets.sendOriginalById(request, reply, assetId, {
        disposition: attachment(filename),
        cacheControl: DELIVERY_CACHE_CONTROL,
      });
    });
  });
}
