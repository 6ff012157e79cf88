import { PAGES, pageImageRequiredMessage, pageName, type PageImage, type PageImageUpdateInput, type PageType } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
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

export function toPageImage(row: PageImageRow): PageImage {
  return {
    id: row.id,
    page: row.page,
    page_name: pageName(row.page),
    // The portal crops to 16:9 before upload; the server's 16:9 crop covers clients that do not.
    ...imageFields('image', row.image, { wide: true }),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export function pageTypes(): PageType[] {
  return PAGES.map((p) => ({ id: p.id, name: p.name, slug: p.slug }));
}

export async function listPageImages(ctx: AppContext): Promise<PageImage[]> {
  return (await listPageImageRows(ctx.db)).map(toPageImage);
}

export async function getPageImage(ctx: AppContext, id: number): Promise<PageImage> {
  return toPageImage(await orNotFound(findPageImageRow(ctx.db, id)));
}

const storeImage = (ctx: AppContext, file: UploadedFile) => processImage(ctx.storage, file, { field: 'image', use: 'pageImage' });

export async function createPageImage(
  ctx: AppContext,
  input: { page: number; status?: boolean },
  file: UploadedFile | undefined,
): Promise<PageImage> {
  if (!file) throw ValidationError.field('image', pageImageRequiredMessage(input.page));
  const stored = await storeImage(ctx, file);
  const row = await withNewImages(ctx, [stored], () =>
    insertPageImageRow(ctx.db, { page: input.page, image: stored, status: input.status ?? false }),
  );
  await ctx.cache.invalidate(PAGE_IMAGES_TAG);
  return toPageImage(row);
}

/** Partial update (edit or publish toggle); an omitted image keeps the old one. */
export async function updatePageImage(
  ctx: AppContext,
  id: number,
  input: PageImageUpdateInput,
  file: UploadedFile | undefined,
): Promise<PageImage> {
  await orNotFound(findPageImageRow(ctx.db, id));
  const stored = file ? await storeImage(ctx, file) : null;
  const patch: PageImagePatch = sentChanges(input, { page: 'page', status: 'status' });
  if (stored) patch.image = stored;
  const { before, after } = await withNewImages(ctx, [stored], () =>
    ctx.db.transaction(async (tx) => {
      const old = await orNotFound(findPageImageRow(tx, id, true));
      const row = await updatePageImageRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  if (stored && before.image.sha256 !== stored.sha256) await releaseImages(ctx, [before.image]);
  await ctx.cache.invalidate(PAGE_IMAGES_TAG);
  return toPageImage(after);
}

export async function deletePageImage(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deletePageImageRow(ctx.db, id));
  await releaseImages(ctx, [row.image]);
  await ctx.cache.invalidate(PAGE_IMAGES_TAG);
}
