import { CLIENT_GALLERY_MESSAGES, type ClientGallery, type ClientGalleryFields, type ClientGalleryPatch } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { customerName, requireCustomer, type CustomerName } from '../../auth/customers.repository';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
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

/** The fields a PATCH actually sent (a parsed partial schema leaves the others out). */
const sentKeys = (data: object) =>
  new Set(
    Object.entries(data)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k),
  );

const storeCover = (ctx: AppContext, file: UploadedFile) =>
  processImage(ctx.storage, file, { field: 'cover_image', use: 'clientGalleryCover' });

export async function clientGalleryList(ctx: AppContext): Promise<ClientGallery[]> {
  return (await listClientGalleries(ctx.db)).map((r) => toClientGallery(r.gallery, r.owner));
}

export async function clientGalleryById(ctx: AppContext, id: number): Promise<ClientGallery> {
  const found = await orNotFound(findClientGallery(ctx.db, id));
  return toClientGallery(found.gallery, found.owner);
}

export async function createClientGallery(
  ctx: AppContext,
  data: ClientGalleryFields & { status?: boolean },
  file: UploadedFile,
): Promise<ClientGallery> {
  const owner = await requireCustomer(ctx.db, data.user, 'user', CLIENT_GALLERY_MESSAGES.userRequired);
  const cover = await storeCover(ctx, file);
  const row = await withNewImages(ctx, [cover], () =>
    insertClientGallery(ctx.db, {
      title: data.title,
      galleryLink: data.gallery_link ?? '',
      accountId: owner.id,
      cover,
      status: data.status ?? false,
    }),
  );
  return toClientGallery(row, owner);
}

/** PATCH: the fields sent (same rules), a new cover if one is sent, and/or the publish status. */
export async function updateClientGalleryFields(
  ctx: AppContext,
  id: number,
  data: ClientGalleryPatch,
  file: UploadedFile | undefined,
): Promise<ClientGallery> {
  const existing = await orNotFound(findClientGallery(ctx.db, id));
  const input = sentKeys(data);
  const patch: Partial<ClientGalleryInsert> = {};
  let owner: CustomerName | null = existing.owner;
  if (input.has('title')) patch.title = data.title;
  if (input.has('gallery_link')) patch.galleryLink = data.gallery_link;
  if (input.has('status')) patch.status = data.status;
  if (input.has('user')) {
    owner = await requireCustomer(ctx.db, data.user!, 'user', CLIENT_GALLERY_MESSAGES.userRequired);
    patch.accountId = data.user;
  }
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeCover(ctx, file);

  // orNotFound: deleted while this request ran; withNewImages then releases the new cover.
  const row = await withNewImages(ctx, [cover], () =>
    Object.keys(patch).length ? orNotFound(updateClientGallery(ctx.db, id, patch)) : Promise.resolve(existing.gallery),
  );
  if (cover) await releaseImages(ctx, [existing.gallery.cover]);
  return toClientGallery(row, owner);
}

/** Deletes the client gallery, then its photos (originals included) and its cover's files. */
export async function removeClientGallery(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deleteClientGallery(ctx.db, id));
  await removeGallery(ctx, 'client-gallery', id);
  await releaseImages(ctx, [row.cover]);
}
