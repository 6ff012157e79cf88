import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GALLERY_FILE_FIELDS,
  GALLERY_MESSAGES,
  GALLERY_PARENT_FIELDS,
  GALLERY_TYPES,
  galleryCheckSchema,
  galleryLookupSchema,
  galleryOrderSchema,
  type GalleryType,
} from '@darkroom/contracts';
import { notFound, ValidationError } from '../../lib/errors';
import { parseId, validate } from '../../lib/validate';
import { spoolUpload } from '../../media/spool';
import * as service from './galleries.service';

/** Form field -> gallery type, for the field that names an upload's parent. */
const PARENT_FIELD = new Map<string, GalleryType>(
  GALLERY_TYPES.flatMap((type) => GALLERY_PARENT_FIELDS[type].map((f) => [f, type] as [string, GalleryType])),
);
const FILE_FIELDS = new Set<string>(GALLERY_FILE_FIELDS);
/** Most photo ids one delete call accepts (the portal sends large selections in chunks). */
const MAX_DELETE_IDS = 1000;

/** Honoured at run time by @fastify/multipart, though its `parts()` typing leaves it out. */
const PARTS_OPTIONS = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Lists past this size go compressed (a 5,000-photo gallery is ~5 MB of JSON, ~1 MB compressed). */
const COMPRESS_FROM = 32 * 1024;
/** Compressed copies of recent lists, kept while the cached JSON they came from is unchanged. */
const packed = new Map<string, { json: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> }>();

/** Sends a cached JSON list, compressed once per version when the client accepts it. */
async function sendList(request: FastifyRequest, reply: FastifyReply, key: string, json: string) {
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

/** Parses `1,2,3` (a trailing slash required, as on every path); anything else is a 404. */
function parseIds(raw: string | undefined): number[] {
  if (!raw || !raw.endsWith('/')) throw notFound();
  const parts = raw.slice(0, -1).split(',');
  if (parts.length > MAX_DELETE_IDS) throw notFound();
  return parts.map((p) => parseId(p.trim()));
}

/** The parent field's value must be a positive id. */
function setParentFrom(upload: service.GalleryUpload, field: string, value: unknown): void {
  const type = PARENT_FIELD.get(field);
  if (!type) return;
  const raw = String(value ?? '').trim();
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    upload.fail(ValidationError.field(field, GALLERY_MESSAGES.parentRequired));
    return;
  }
  upload.setParent(type, id);
}

const discard = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

/**
 * `POST /adminportal/manage-gallery/`: reads the multipart body part by part. Each photo is
 * spooled to disk (hashed on the way) and handed to the upload, which processes it while the
 * next part arrives; the body is never held in memory.
 */
async function receiveUpload(app: FastifyInstance, request: FastifyRequest) {
  const upload = new service.GalleryUpload(app);
  try {
    if (!request.isMultipart()) {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      for (const [k, v] of Object.entries(body)) setParentFrom(upload, k, v);
      return await upload.finish();
    }
    // A file past the size limit arrives truncated and is reported against its own field.
    for await (const part of request.parts(PARTS_OPTIONS)) {
      if (part.type === 'field') {
        setParentFrom(upload, part.fieldname, part.value);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname) || upload.failed) {
        // Unknown parts, and everything after a failure, are read and dropped so the client gets its answer.
        await pipeline(part.file, discard());
        continue;
      }
      await upload.waitForRoom();
      const file = await spoolUpload(part.file);
      if (file.bytes === 0 && !part.filename) continue; // a browser's "no file chosen"
      upload.add({ field: part.fieldname, filename: part.filename, file });
    }
    return await upload.finish();
  } catch (err) {
    await upload.release();
    throw err;
  }
}

/** HTTP routes of the galleries area (photos of services, love stories and client galleries). */
export async function galleriesRoutes(app: FastifyInstance): Promise<void> {
  app.post('/adminportal/manage-gallery/', async (request, reply) => {
    const { status, body } = await receiveUpload(app, request);
    return reply.code(status).send(body);
  });

  app.post('/adminportal/manage-gallery/check/', async (request) => {
    const input = validate(galleryCheckSchema, request.body);
    return { existing: await service.checkHashes(app, input) };
  });

  app.patch('/adminportal/manage-gallery/order/', async (request) => {
    const input = validate(galleryOrderSchema, request.body);
    await service.saveOrder(app, input.ids);
    return { ids: input.ids };
  });

  // A wildcard, not `:ids`: a route parameter is capped at 100 characters.
  app.delete<{ Params: { '*': string } }>('/adminportal/manage-gallery/*', async (request) => {
    const ids = parseIds(request.params['*']);
    return { deleted: await service.deletePhotos(app, ids) };
  });

  app.delete<{ Params: { id: string }; Querystring: { type?: string } }>('/adminportal/galleries/delete/:id/', async (request) => {
    const id = parseId(request.params.id);
    const type = (request.query.type ?? 'service') as GalleryType;
    if (!GALLERY_TYPES.includes(type)) throw ValidationError.field('type', GALLERY_MESSAGES.typeRequired);
    return { deleted: await service.deleteWholeGallery(app, type, id) };
  });

  app.get('/adminportal/galleries/lookup/', async (request) => {
    const { type, name } = validate(galleryLookupSchema, request.query);
    return service.lookupGallery(app, type, name);
  });

  const lists: [string, string, GalleryType][] = [
    ['/adminportal/service-galleries/:id/', '/adminportal/service-galleries-image-names/:id/', 'service'],
    ['/adminportal/galleries/love-stories/:id/', '/adminportal/lovestory-galleries-image-names/:id/', 'love-story'],
    ['/adminportal/client-photos/:id/', '/adminportal/client-galleries-image-names/:id/', 'client-gallery'],
  ];
  for (const [photosPath, namesPath, type] of lists) {
    app.get<{ Params: { id: string } }>(photosPath, async (request, reply) => {
      const id = parseId(request.params.id);
      return sendList(request, reply, `photos:${type}:${id}`, await service.listPhotosJson(app, type, id));
    });
    app.get<{ Params: { id: string } }>(namesPath, async (request, reply) => {
      const id = parseId(request.params.id);
      return sendList(request, reply, `names:${type}:${id}`, await service.listNamesJson(app, type, id));
    });
  }
}
