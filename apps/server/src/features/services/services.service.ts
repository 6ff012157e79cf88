import { originalUrl, type RecordOrder, type Service, type ServiceUpdateInput } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import { saveRecordOrder } from '../ordering';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { deleteWithImages, saveWithImages, type ImageUpload } from '../../media/save-with-images';
import type { StoredImage } from '../../media/stored-image';
import { galleryAssetIds, invalidateGallery } from '../galleries/galleries.service';
import {
  deleteServiceRow,
  findServiceRow,
  insertServiceRow,
  listServiceRows,
  serviceOrder,
  updateServiceRow,
  type ServicePatch,
  type ServiceRow,
} from './services.repository';

/** Cache tag of every services response. */
export const SERVICES_TAG = 'services';

export function toService(row: ServiceRow, coverImage: StoredImage): Service {
  const cover = imageFields('cover_image', coverImage);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    description2: row.description2,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    ...cover,
    site_cover_image: cover.cover_image_view.wide ?? cover.cover_image,
    orig_image: originalUrl(coverImage.sha256),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

async function withCovers(ctx: AppContext, rows: ServiceRow[]): Promise<Service[]> {
  const images = await ctx.assets.images(rows.map((r) => r.coverAssetId));
  return rows.map((r) => toService(r, images.get(r.coverAssetId)!));
}

/** Every service, in the admin's order (served through the response cache). */
export async function listServices(ctx: AppContext): Promise<Service[]> {
  return withCovers(ctx, await listServiceRows(ctx.db));
}

export async function getService(ctx: AppContext, id: number): Promise<Service> {
  return (await withCovers(ctx, [await orNotFound(findServiceRow(ctx.db, id))]))[0]!;
}

const coverUpload = (file: UploadedFile): ImageUpload => ({ file, field: 'cover_image', use: 'serviceCover' });

export interface CreateServiceInput {
  name: string;
  description: string;
  description2: string;
  seo_title?: string;
  seo_description?: string;
  status?: boolean;
}

export async function createService(ctx: AppContext, input: CreateServiceInput, cover: UploadedFile): Promise<Service> {
  const row = await saveWithImages<ServiceRow, ServiceRow>(ctx, {
    images: { coverAssetId: coverUpload(cover) },
    write: (tx, ids) =>
      insertServiceRow(tx, {
        name: input.name,
        description: input.description,
        description2: input.description2,
        seoTitle: input.seo_title ?? '',
        seoDescription: input.seo_description ?? '',
        status: input.status ?? false,
        coverAssetId: ids.coverAssetId!,
      }),
    cacheTags: [SERVICES_TAG],
  });
  return (await withCovers(ctx, [row]))[0]!;
}

/** Partial update: only sent fields change; no file keeps the old cover (released when replaced). */
export async function updateService(
  ctx: AppContext,
  id: number,
  input: ServiceUpdateInput,
  cover: UploadedFile | undefined,
): Promise<Service> {
  await orNotFound(findServiceRow(ctx.db, id));
  const patch: ServicePatch = sentChanges(input, {
    name: 'name',
    description: 'description',
    description2: 'description2',
    seo_title: 'seoTitle',
    seo_description: 'seoDescription',
    status: 'status',
  });
  const row = await saveWithImages<ServiceRow, ServiceRow>(ctx, {
    images: { coverAssetId: cover && coverUpload(cover) },
    lock: (tx) => findServiceRow(tx, id, true),
    write: async (tx, ids) => (await updateServiceRow(tx, id, { ...patch, ...ids }))!,
    cacheTags: [SERVICES_TAG],
  });
  return (await withCovers(ctx, [row]))[0]!;
}

/** Deletes the service; the database deletes its gallery; then the files nothing else uses. */
export async function deleteService(ctx: AppContext, id: number): Promise<void> {
  await deleteWithImages(ctx, {
    alsoHeld: (tx) => galleryAssetIds(tx, 'service', id),
    remove: (tx) => deleteServiceRow(tx, id),
    assetsOf: (row) => [row.coverAssetId],
    cacheTags: [SERVICES_TAG],
  });
  await invalidateGallery(ctx, 'service', id);
}

/** Saves the order of every service (the website lists them so). */
export function orderServices(ctx: AppContext, ids: number[]): Promise<RecordOrder> {
  return saveRecordOrder(ctx, { repository: serviceOrder, cacheTags: [SERVICES_TAG] }, ids);
}
