import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaApi } from '@darkroom/contracts';
import { route } from '../http/route';
import { sendStored } from './serve';

/** Derived files only: content-addressed WebP (a logo's favicons and e-mail copy: PNG). Originals are never served from here. */
const DERIVED = /^d\/[0-9a-f]{2}\/[0-9a-f]{64}\.(webp|png)$/;
/** A link preview: `og/` and the 16:9 crop's key, as JPEG (ogUrl in the site's renderer names it). */
const OG = /^og\/(d\/[0-9a-f]{2}\/[0-9a-f]{64})\.jpg$/;

/**
 * Public media under /media/: derived WebP files (metadata stripped), named by their content, so
 * cached for a year as immutable. Registered in a public scope by app.ts. A client gallery's files
 * are not public: without a valid portal signature (`?exp=&sig=`, Assets.adminUrls) they are a
 * 404, as is their link preview; customers get them through their gallery's token.
 */
export async function registerMediaRoutes(app: FastifyInstance): Promise<void> {
  // Images are asked for by the dozen per page: their requests are logged only when something goes wrong.
  app.get(
    '/media/*',
    { logLevel: 'warn' },
    async (request: FastifyRequest<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>, reply: FastifyReply) => {
      const key = request.params['*'];
      const { assets } = app.runtime;
      const og = OG.exec(key);
      if (og && (await assets.isPrivate(`${og[1]}.webp`))) return reply.code(404).send({ detail: 'Not found.' });
      if (DERIVED.test(key) && (await assets.isPrivate(key))) {
        const { exp, sig } = request.query;
        if (!(await assets.verifySigned(key, exp, sig))) return reply.code(404).send({ detail: 'Not found.' });
        return assets.sendSigned(request, reply, key);
      }
      return sendPublic(app, request, reply, key, og);
    },
  );
}

/** A public derived file or link preview: immutable, from the CDN when one is configured. */
async function sendPublic(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, key: string, og: RegExpExecArray | null) {
  if (og) {
    const stored = await app.runtime.assets.ogImage(`${og[1]}.webp`);
    if (!stored) return reply.code(404).send({ detail: 'Not found.' });
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendStored(request, reply, app.runtime.storage, stored, {
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  }
  if (!DERIVED.test(key)) return reply.code(404).send({ detail: 'Not found.' });
  const publicUrl = app.runtime.config.mediaPublicUrl;
  // A CDN or public bucket serves the same immutable key; the redirect itself may be cached a day.
  if (publicUrl) return reply.code(302).header('location', `${publicUrl}/${key}`).header('cache-control', 'public, max-age=86400').send();
  // The public site may live on another origin; derived media are public, unguessable content.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  return sendStored(request, reply, app.runtime.storage, key, {
    contentType: key.endsWith('.png') ? 'image/png' : 'image/webp',
    cacheControl: 'public, max-age=31536000, immutable',
  });
}

/**
 * Originals, byte for byte with their camera data (GPS included): for admins only, never cached
 * by shared caches. Customers get theirs through client delivery.
 */
export async function originalsRoutes(app: FastifyInstance): Promise<void> {
  // Found through the assets table: only a recorded image's original, never a leftover file.
  route(app, mediaApi.original, ({ ctx, params, request, reply }) => ctx.assets.sendOriginal(request, reply, params.sha256));
}
