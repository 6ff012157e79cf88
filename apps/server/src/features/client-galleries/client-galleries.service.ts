import type { FastifyInstance } from 'fastify';
import { CLIENT_GALLERY_MESSAGES, clientGalleryFieldsSchema, clientGalleryPatchSchema, type ClientGallery } from '@darkroom/contracts';
import { customerName, requireCustomer, type CustomerName } from '../../auth/customers';
import { orNotFound } from '../../lib/errors';
import { fileOf, type ParsedForm, type UploadedFile } from '../../lib/read-form';
import { validate, validateWithFile } from '../../lib/validate';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
import { removeGallery } from '../galleries/galleries.service';
import {
  deleteClientGallery,
  findClientGallery,
  insertClientGallery,
  listClientGalleries,
  updateClientGallery,
  type ClientGalleryInsert,
  type ClientGalleryRow,
} from './client-galleries.repository';

const FIELDS = ['title', 'user', 'gallery_link', 'status'] as const;

export function toClientGallery(row: ClientGalleryRow, owner: CustomerName | null): ClientGallery {
  return {
    id: row.id,
    title: row.title,
    gallery_link: row.galleryLink,
    ...imageFields('cover_image', row.cover),
    user: row.accountId,
    user_text: customerName(owner),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
  };
}

/** Only the fields this area knows, and only those actually sent. */
function sentFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) if (fields[key] !== undefined) out[key] = fields[key];
  return out;
}

const storeCover = (app: FastifyInstance, file: UploadedFile) =>
  processImage(app.storage, file, { field: 'cover_image', use: 'clientGalleryCover' });

export async function clientGalleryList(app: FastifyInstance): Promise<ClientGallery[]> {
  return (await listClientGalleries(app.db)).map((r) => toClientGallery(r.gallery, r.owner));
}

export async function clientGalleryById(app: FastifyInstance, id: number): Promise<ClientGallery> {
  const found = await orNotFound(findClientGallery(app.db, id));
  return toClientGallery(found.gallery, found.owner);
}

export async function createClientGallery(app: FastifyInstance, form: ParsedForm): Promise<ClientGallery> {
  const input = sentFields(form.fields);
  const { data, file } = validateWithFile(clientGalleryFieldsSchema, input, {
    field: 'cover_image',
    value: fileOf(form, 'cover_image'),
    missing: CLIENT_GALLERY_MESSAGES.coverRequired,
  });
  const { title, user, gallery_link } = data;
  const { status } = validate(clientGalleryPatchSchema.pick({ status: true }), { status: input.status });
  const owner = await requireCustomer(app.db, user, 'user', CLIENT_GALLERY_MESSAGES.userRequired);

  const cover = await storeCover(app, file);
  const row = await withNewImages(app, [cover], () =>
    insertClientGallery(app.db, {
      title,
      galleryLink: gallery_link ?? '',
      accountId: owner.id,
      cover,
      status: status ?? false,
    }),
  );
  return toClientGallery(row, owner);
}

/** PATCH: the fields sent (same rules), a new cover if one is sent, and/or the publish status. */
export async function updateClientGalleryFields(app: FastifyInstance, id: number, form: ParsedForm): Promise<ClientGallery> {
  const existing = await orNotFound(findClientGallery(app.db, id));
  const input = sentFields(form.fields);
  const data = validate(clientGalleryPatchSchema, input);
  const patch: Partial<ClientGalleryInsert> = {};
  let owner: CustomerName | null = existing.owner;
  if ('title' in input) patch.title = data.title;
  if ('gallery_link' in input) patch.galleryLink = data.gallery_link;
  if ('status' in input) patch.status = data.status;
  if ('user' in input) {
    owner = await requireCustomer(app.db, data.user!, 'user', CLIENT_GALLERY_MESSAGES.userRequired);
    patch.accountId = data.user;
  }
  const file = fileOf(form, 'cover_image');
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeCover(app, file);

  // orNotFound: deleted while this request ran; withNewImages then releases the new cover.
  const row = await withNewImages(app, [cover], () =>
    Object.keys(patch).length ? orNotFound(updateClientGallery(app.db, id, patch)) : Promise.resolve(existing.gallery),
  );
  if (cover) await releaseImages(app, [existing.gallery.cover]);
  return toClientGallery(row, owner);
}

/** Deletes the client gallery, then its photos (originals included) and its cover's files. */
export async function removeClientGallery(app: FastifyInstance, id: number): Promise<void> {
  const row = await orNotFound(deleteClientGallery(app.db, id));
  await removeGallery(app, 'client-gallery', id);
  await releaseImages(app, [row.cover]);
}
