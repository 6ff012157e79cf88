import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { GALLERY_MESSAGES, GALLERY_PARENT_FIELDS, GALLERY_TYPES, galleriesApi, formId, type GalleryType } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { acceptFilePart, bodyReceived, checkFieldValues, multipartOptions, notIdleWhile } from '../../http/read-body';
import { route } from '../../http/route';
import { ValidationError } from '../../lib/errors';
import { releaseSpooled, spoolPart } from '../../media/spool';
import * as service from './galleries.service';
import { resumableUploadRoutes } from './resumable-upload.routes';

/** Form field -> gallery type, for the field that names an upload's parent. */
const PARENT_FIELD = new Map<string, GalleryType>(
  GALLERY_TYPES.flatMap((type) => GALLERY_PARENT_FIELDS[type].map((f) => [f, type] as [string, GalleryType])),
);
const parentId = formId(GALLERY_MESSAGES.parentRequired);

/** The parent field's value must be an id by the one id rule. */
function setParentFrom(upload: service.GalleryUpload, field: string, value: unknown): void {
  const type = PARENT_FIELD.get(field);
  if (!type) return;
  const parsed = parentId.safeParse(value);
  if (!parsed.success) return upload.fail(ValidationError.field(field, GALLERY_MESSAGES.parentRequired));
  upload.setParent(type, parsed.data);
}

/**
 * `POST /adminportal/manage-gallery/`: reads the multipart body part by part. Each photo is
 * spooled to disk (hashed on the way) and handed to the upload, which processes it while the
 * next part arrives; the body is never held in memory, and only the declared file fields are
 * accepted.
 */
async function receiveUpload(ctx: AppContext, request: FastifyRequest) {
  const upload = new service.GalleryUpload(ctx, (file) => releaseSpooled(request, file));
  const ep = galleriesApi.upload;
  try {
    if (!request.isMultipart()) {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      checkFieldValues(body);
      for (const [k, v] of Object.entries(body)) setParentFrom(upload, k, v);
      return await upload.finish();
    }
    const counts = new Map<string, number>();
    // A file past the size limit arrives truncated and is reported against its own field.
    const parts = request.parts(multipartOptions(ep)) as AsyncIterableIterator<Multipart>;
    for await (const part of parts) {
      if (part.type === 'field') {
        checkFieldValues({ [part.fieldname]: part.value });
        setParentFrom(upload, part.fieldname, part.value);
        continue;
      }
      acceptFilePart(ep, counts, part.fieldname);
      if (upload.failed) {
        // After a failure the rest is read and dropped, so the client gets its answer.
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        continue;
      }
      await notIdleWhile(request, ctx.config.idleTimeoutMs, upload.waitForRoom());
      const file = await spoolPart(request, part.file);
      if (file.bytes === 0 && !part.filename) continue; // a browser's "no file chosen"
      upload.add({ field: part.fieldname, filename: part.filename, file });
    }
    bodyReceived(request, ctx.config.idleTimeoutMs);
    return await upload.finish();
  } catch (err) {
    await upload.release();
    throw err;
  }
}

/** HTTP routes of the galleries area (photos of services, love stories and client galleries). */
export async function galleriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, galleriesApi.upload, async ({ ctx, request, status }) => {
    const answer = await receiveUpload(ctx, request);
    status(answer.status);
    return answer.body;
  });
  route(app, galleriesApi.check, async ({ ctx, body }) => ({ existing: await service.checkHashes(ctx, body) }));
  route(app, galleriesApi.order, async ({ ctx, body }) => {
    await service.saveOrder(ctx, body.ids);
    return { ids: body.ids };
  });
  route(app, galleriesApi.deletePhotos, async ({ ctx, params }) => ({ deleted: await service.deletePhotos(ctx, params.ids) }));
  route(app, galleriesApi.deleteGallery, async ({ ctx, params, query }) => ({
    deleted: await service.deleteWholeGallery(ctx, query.type, params.id),
  }));
  route(app, galleriesApi.lookup, ({ ctx, query }) => service.lookupGallery(ctx, query.type, query.name));
  await app.register(resumableUploadRoutes);

  for (const type of GALLERY_TYPES) {
    const reads = galleriesApi[type];
    route(app, reads.photos, async ({ ctx, params, cached }) => {
      return cached(service.galleryTag(type, params.id), 'photos', () => service.listPhotos(ctx, type, params.id));
    });
    route(app, reads.names, async ({ ctx, params, cached }) => {
      return cached(service.galleryTag(type, params.id), 'names', () => service.listNames(ctx, type, params.id));
    });
  }
}
