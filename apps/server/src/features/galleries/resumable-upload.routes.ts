import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { GALLERY_RESUMABLE_PATH, MAX_IMAGE_BYTES } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { contextOf } from '../../http/request-context';
import { ResumableUploads } from '../../media/resumable';
import { checkResumable, ingestResumable } from './resumable-upload.service';

/**
 * Resumable gallery uploads (tus): `POST {path}/` creates one, `HEAD`/`PATCH`/`DELETE
 * {path}/{id}/` ask its offset, append to it and abandon it. Admin-only like every undeclared
 * route; the access check runs before the tus server sees the request. Bodies are not parsed by
 * Fastify: the tus server streams them to the partial file, bounded by the image size limit.
 */
export async function resumableUploadRoutes(app: FastifyInstance): Promise<void> {
  const { config, log, storage } = app.runtime;
  const uploads = new ResumableUploads<AppContext>({
    path: GALLERY_RESUMABLE_PATH,
    maxBytes: MAX_IMAGE_BYTES,
    storage,
    expiryMs: config.resumableExpiryMs,
    log,
    onCreate: checkResumable,
    onComplete: ingestResumable,
  });
  await app.register(async (scope) => {
    // The body is the tus server's to read: no parser may consume it.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler: RouteHandlerMethod = async (request, reply) => {
      // The security headers set on the reply so far go out with the tus server's answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      await uploads.handle(contextOf(request), request.raw, reply.raw);
    };
    const config = { access: 'admin' as const };
    scope.route({ method: 'POST', url: `${GALLERY_RESUMABLE_PATH}/`, config, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${GALLERY_RESUMABLE_PATH}/:id/`, config, handler });
  });
}
