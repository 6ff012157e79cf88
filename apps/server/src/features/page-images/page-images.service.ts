import { PAGES, pageImageRequiredMessage, pageName, type PageImage, type PageImageUpdateInput, type PageType } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { deleteWithImages, saveWithImages, type ImageUpload } from '../../media/save-with-images';
import type { StoredImage } from '../../media/stored-image';
import {
  deletePageImageRow,
  findPageImageRow,
  insertPageImageRow,
  listPageImageRows,
  updatePageImageRow,
  type PageImagePatch,
  type PageImageRow,
} from './page-images.repository';

/** Cache tag of every page-images response. */
export const PAGE_IMAGES_TAG = 'page-images';

export function toPageImage(row: PageImageRow, image: StoredImage): PageImage {
  return {
    id: row.id,
    page: row.page,
    page_name: pageName(row.page),
    // The portal crops to 16:9 before upload; the server's 16:9 crop covers clients that do not.
    ...imageFields('image', image, { wide: true }),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export function pageTypes(): PageType[] {
  return PAGES.map((p) => ({ id: p.id, name: p.name, slug: p.slug }));
}

async function withImages(ctx: AppContext, rows: PageImageRow[]): Promise<PageImage[]> {
  const images = await ctx.assets.images(rows.map((r) => r.imageAssetId));
  return rows.map((r) => toPageImage(r, images.get(r.imageAssetId)!));
}

export async function listPageImages(ctx: AppContext): Promise<PageImage[]> {
  return withImages(ctx, await listPageImageRows(ctx.db));
}

export async function getPageImage(ctx: AppContext, id: number): Promise<PageImage> {
  return (await withImages(ctx, [await orNotFound(findPageImageRow(ctx.db, id))]))[0]!;
}

const imageUpload = (file: UploadedFile): ImageUpload => ({ file, field: 'image', use: 'pageImage' });

export async function createPageImage(
  ctx: AppContext,
  input: { page: number; status?: boolean },
  file: UploadedFile | undefined,
): Promise<PageImage> {
  if (!file) throw ValidationError.field('image', pageImageRequiredMessage(input.page));
  const row = await saveWithImages<PageImageRow, PageImageRow>(ctx, {
    images: { imageAssetId: imageUpload(file) },
    write: (tx, ids) => insertPageImageRow(tx, { page: input.page, imageAssetId: ids.imageAssetId!, status: input.status ?? false }),
    cacheTags: [PAGE_IMAGES_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

/** Partial update (edit or publish toggle); an omitted image keeps the old one. */
export async function updatePageImage(
  ctx: AppContext,
  id: number,
  input: PageImageUpdateInput,
  file: UploadedFile | undefined,
): Promise<PageImage> {
  await orNotFound(findPageImageRow(ctx.db, id));
  const patch: PageImagePatch = sentChanges(input, { page: 'page', status: 'status' });
  const row = await saveWithImages<PageImageRow, PageImageRow>(ctx, {
    images: { imageAssetId: file && imageUpload(file) },
    lock: (tx) => findPageImageRow(tx, id, true),
    write: async (tx, ids) => (await updatePageImageRow(tx, id, { ...patch, ...ids }))!,
    cacheTags: [PAGE_IMAGES_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

export async function deletePageImage(ctx: AppContext, id: number): Promise<void> {
  await deleteWithImages(ctx, {
    remove: (tx) => deletePageImageRow(tx, id),
    assetsOf: (row) => [row.imageAssetId],
    cacheTags: [PAGE_IMAGES_TAG],
  });
}
