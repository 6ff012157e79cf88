import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { GALLERY_MESSAGES, GALLERY_PARENT_FIELDS, GALLERY_TYPES, galleriesApi, formId, type GalleryType } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { acceptFilePart, bodyReceived, multipartOptions, refuseNul } from '../../http/read-body';
import { route } from '../../http/route';
import { CachedJson } from '../../lib/cached-json';
import { ValidationError } from '../../lib/errors';
import { releaseSpooled, spoolPart } from '../../media/spool';
import * as service from './galleries.service';

/** Form field -> gallery type, for the field that names an upload's parent. */
const PARENT_FIELD = new Map<string, GalleryType>(
  GALLERY_TYPES.flatMap((type) => GALLERY_PARENT_FIELDS[type].map((f) => [f, type] as [string, GalleryType])),
);
const parentId = formId(GALLERY_MESSAGES.parentRequired);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Lists past this size go compressed (a 5,000-photo gallery is ~5 MB of JSON, ~1 MB compressed). */
const COMPRESS_FROM = 32 * 1024;
/** Compressed copies of recent lists, kept while the cached JSON they came from is unchanged. */
const packed = new Map<string, { json: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> }>();

/** A cached gallery list, compressed once per version when the client accepts it. */
class PackedList extends CachedJson {
  constructor(
    private readonly key: string,
    json: string,
  ) {
    super(json);
  }

  override async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { json, key } = this;
    reply.type('application/json').header('vary', 'accept-encoding');
    const accept = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (json.length < COMPRESS_FROM || !encoding) return reply.send(json);
    let entry = packed.get(key);
    if (!entry || entry.json !== json) {
      packed.delete(key);
      packed.set(key, (entry = { json }));
      if (packed.size > 32) packed.delete(packed.keys().next().value!);
    }
    const body = await (entry[encoding] ??=
      encoding === 'br' ? brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(json, { level: 6 }));
    return reply.header('content-encoding', encoding).send(body);
  }
}

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
      refuseNul(body);
      for (const [k, v] of Object.entries(body)) setParentFrom(upload, k, v);
      return await upload.finish();
    }
    const counts = new Map<string, number>();
    // A file past the size limit arrives truncated and is reported against its own field.
    const parts = request.parts(multipartOptions(ep.files)) as AsyncIterableIterator<Multipart>;
    for await (const part of parts) {
      if (part.type === 'field') {
        refuseNul({ [part.fieldname]: part.value });
        setParentFrom(upload, part.fieldname, part.value);
        continue;
      }
      acceptFilePart(ep.files, counts, part.fieldname);
      if (upload.failed) {
        // After a failure the rest is read and dropped, so the client gets its answer.
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        continue;
      }
      await upload.waitForRoom();
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
  route(app, galleriesApi.upload, async ({ ctx, request, reply }) => {
    const { status, body } = await receiveUpload(ctx, request);
    return reply.code(status).send(body);
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

  for (const type of GALLERY_TYPES) {
    const reads = galleriesApi[type];
    route(app, reads.photos, async ({ ctx, params, cached }) => {
      const list = await cached(service.galleryTag(type, params.id), 'photos', () => service.listPhotos(ctx, type, params.id));
      return new PackedList(`photos:${type}:${params.id}`, list.json);
    });
    route(app, reads.names, async ({ ctx, params, cached }) => {
      const list = await cached(service.galleryTag(type, params.id), 'names', () => service.listNames(ctx, type, params.id));
      return new PackedList(`names:${type}:${params.id}`, list.json);
    });
  }
}
