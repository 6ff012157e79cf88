import type { FastifyInstance } from 'fastify';
import { PAGES, pageImageRequiredMessage, pageName, type PageImage, type PageImageUpdateInput, type PageType } from '@darkroom/contracts';
import { orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../lib/read-form';
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

export async function listPageImages(app: FastifyInstance): Promise<PageImage[]> {
  return (await listPageImageRows(app.db)).map(toPageImage);
}

export async function getPageImage(app: FastifyInstance, id: number): Promise<PageImage> {
  return toPageImage(await orNotFound(findPageImageRow(app.db, id)));
}

const storeImage = (app: FastifyInstance, file: UploadedFile) => processImage(app.storage, file, { field: 'image', use: 'pageImage' });

export async function createPageImage(
  app: FastifyInstance,
  input: { page: number; status?: boolean },
  file: UploadedFile | undefined,
): Promise<PageImage> {
  if (!file) throw ValidationError.field('image', pageImageRequiredMessage(input.page));
  const stored = await storeImage(app, file);
  const row = await withNewImages(app, [stored], () =>
    insertPageImageRow(app.db, { page: input.page, image: stored, status: input.status ?? false }),
  );
  await app.cache.invalidate(PAGE_IMAGES_TAG);
  return toPageImage(row);
}

/** Partial update (edit or publish toggle); an omitted image keeps the old one. */
export async function updatePageImage(
  app: FastifyInstance,
  id: number,
  input: PageImageUpdateInput,
  file: UploadedFile | undefined,
): Promise<PageImage> {
  await orNotFound(findPageImageRow(app.db, id));
  const stored = file ? await storeImage(app, file) : null;
  const patch: PageImagePatch = sentChanges(input, { page: 'page', status: 'status' });
  if (stored) patch.image = stored;
  const { before, after } = await withNewImages(app, [stored], () =>
    app.db.transaction(async (tx) => {
      const old = await orNotFound(findPageImageRow(tx, id, true));
      const row = await updatePageImageRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  if (stored && before.image.sha256 !== stored.sha256) await releaseImages(app, [before.image]);
  await app.cache.invalidate(PAGE_IMAGES_TAG);
  return toPageImage(after);
}

export async function deletePageImage(app: FastifyInstance, id: number): Promise<void> {
  const row = await orNotFound(deletePageImageRow(app.db, id));
  await releaseImages(app, [row.image]);
  await app.cache.invalidate(PAGE_IMAGES_TAG);
}
