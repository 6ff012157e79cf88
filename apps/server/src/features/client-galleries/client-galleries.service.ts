import {
  CLIENT_GALLERY_MESSAGES,
  DELIVERY_MESSAGES,
  type ClientGallery,
  type ClientGalleryFields,
  type ClientGalleryPatch,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { hashPassword } from '../../auth/passwords';
import { ValidationError } from '../../lib/errors';
import { DELIVERY_TAG, deliveryUrl, newDeliveryToken, studioToday } from '../delivery/delivery.service';
import { customerName, type CustomerName } from '../../auth/customers.repository';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import type { KeyUrl } from '../../media/image-pipeline';
import { queueWatermarks, requireWatermark } from '../watermark/watermark.service';
import type { StoredImage } from '../../media/stored-image';
import { galleryOwnerService, sentKeys } from '../galleries/gallery-owners';
import {
  deleteClientGallery,
  findClientGallery,
  insertClientGallery,
  listClientGalleries,
  lockClientGallery,
  updateClientGallery,
  type ClientGalleryInsert,
  type ClientGalleryRow,
} from './client-galleries.repository';

export function toClientGallery(row: ClientGalleryRow, owner: CustomerName | null, cover: StoredImage, url?: KeyUrl): ClientGallery {
  return {
    id: row.id,
    title: row.title,
    gallery_link: row.galleryLink,
    // Private: the portal shows the cover through signed links, never public /media/.
    ...imageFields('cover_image', cover, { url }),
    user: row.accountId,
    user_text: customerName(owner),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    delivery_url: deliveryUrl(row.deliveryToken),
    delivery_password_set: row.deliveryPasswordHash !== null,
    delivery_expires_at: row.deliveryExpiresAt,
    allow_download: row.allowDownload,
    download_size: row.downloadSize,
    download_pin_set: row.downloadPinHash !== null,
    watermark: row.watermark,
    favourites_count: row.favouritesCount,
    require_email: row.requireEmail,
    selection_limit: row.selectionLimit,
  };
}

const flows = galleryOwnerService<ClientGalleryRow, Omit<ClientGalleryInsert, 'accountId' | 'coverAssetId'>, ClientGallery>({
  type: 'client-gallery',
  use: 'clientGalleryCover',
  userRequired: CLIENT_GALLERY_MESSAGES.userRequired,
  // Any write may change what a delivery link shows or whether it opens.
  cacheTags: [DELIVERY_TAG],
  list: async (db) => (await listClientGalleries(db)).map((r) => ({ row: r.gallery, owner: r.owner })),
  find: async (db, id) => {
    const found = await findClientGallery(db, id);
    return found && { row: found.gallery, owner: found.owner };
  },
  lock: lockClientGallery,
  insert: insertClientGallery,
  update: updateClientGallery,
  remove: deleteClientGallery,
  toView: toClientGallery,
  privateImages: true,
});

export const clientGalleryList = (ctx: AppContext): Promise<ClientGallery[]> => flows.list(ctx);

export const clientGalleryById = (ctx: AppContext, id: number): Promise<ClientGallery> => flows.byId(ctx, id);

export async function createClientGallery(
  ctx: AppContext,
  data: ClientGalleryFields & { status?: boolean },
  file: UploadedFile,
): Promise<ClientGallery> {
  return flows.create(
    ctx,
    data.user,
    { title: data.title, galleryLink: data.gallery_link ?? '', status: data.status ?? false, deliveryToken: newDeliveryToken() },
    file,
  );
}

/** PATCH: the fields sent (same rules), a new cover if one is sent, and/or the publish status. */
export async function updateClientGalleryFields(
  ctx: AppContext,
  id: number,
  data: ClientGalleryPatch,
  file: UploadedFile | undefined,
): Promise<ClientGallery> {
  const input = sentKeys(data);
  const delivery: Partial<ClientGalleryInsert> = {};
  if (input.has('delivery_password'))
    delivery.deliveryPasswordHash = data.delivery_password ? await hashPassword(data.delivery_password) : null;
  if (input.has('delivery_expires_at'))
    delivery.deliveryExpiresAt = data.delivery_expires_at ? realDate(data.delivery_expires_at, await studioToday(ctx)) : null;
  if (input.has('allow_download')) delivery.allowDownload = data.allow_download;
  if (input.has('download_size')) delivery.downloadSize = data.download_size;
  if (input.has('download_pin')) delivery.downloadPinHash = data.download_pin ? await hashPassword(data.download_pin) : null;
  if (input.has('require_email')) delivery.requireEmail = data.require_email;
  if (input.has('selection_limit')) delivery.selectionLimit = typeof data.selection_limit === 'number' ? data.selection_limit : null;
  if (input.has('watermark')) {
    if (data.watermark) await requireWatermark(ctx);
    delivery.watermark = data.watermark;
  }
  const view = await flows.update(
    ctx,
    id,
    {
      ...(input.has('user') ? { user: data.user! } : {}),
      changes: () => {
        const patch: Partial<ClientGalleryInsert> = {};
        if (input.has('title')) patch.title = data.title;
        if (input.has('gallery_link')) patch.galleryLink = data.gallery_link;
        if (input.has('status')) patch.status = data.status;
        return { ...patch, ...delivery };
      },
    },
    file,
  );
  // Turned on (or sent again), or a new cover of a watermarked gallery: the copies it lacks are
  // made in the background.
  if (data.watermark || (file && view.watermark)) await queueWatermarks(ctx, id);
  return view;
}

/**
 * A YYYY-MM-DD that names a day of the calendar (the contract checks the shape only), not before
 * `today` (the studio's): a link cannot be made to have expired already.
 */
function realDate(value: string, today: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw ValidationError.field('delivery_expires_at', DELIVERY_MESSAGES.expiresInvalid);
  }
  if (value < today) throw ValidationError.field('delivery_expires_at', DELIVERY_MESSAGES.expiresPast);
  return value;
}

/** Revokes the gallery's delivery link and makes a new one; the old link is a 404 from now on. */
export async function regenerateDeliveryLink(ctx: AppContext, id: number): Promise<ClientGallery> {
  return flows.update(ctx, id, { changes: () => ({ deliveryToken: newDeliveryToken() }) }, undefined);
}

/** Deletes the client gallery, its photos (the database deletes them with it) and the files nothing else uses. */
export const removeClientGallery = (ctx: AppContext, id: number): Promise<void> => flows.remove(ctx, id);
