import type { FastifyInstance } from 'fastify';
import { PAGES, pageImageRequiredMessage, pageName, type PageImage, type PageImageUpdateInput, type PageType } from '@darkroom/contracts';
import { notFound, ValidationError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { imageView, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
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

export function toPageImage(row: PageImageRow): PageImage {
  const view = imageView(row.image);
  return {
    id: row.id,
    page: row.page,
    page_name: pageName(row.page),
    // The portal crops to 16:9 before upload; the server's 16:9 crop covers clients that do not.
    image: view.wide ?? view.url,
    image_view: view,
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export function pageTypes(): PageType[] {
  return PAGES.map((p) => ({ id: p.id, name: p.name, slug: p.slug }));
}

export function pageImagesJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(PAGE_IMAGES_TAG, 'list', async () => (await listPageImageRows(app.db)).map(toPageImage));
}

export async function getPageImage(app: FastifyInstance, id: number): Promise<PageImage> {
  const row = await findPageImageRow(app.db, id);
  if (!row) throw notFound();
  return toPageImage(row);
}

const storeImage = (app: FastifyInstance, file: UploadedFile) => processImage(app.storage, file, { field: 'image', use: 'pageImage' });

async function withStored<T>(app: FastifyInstance, stored: StoredImage | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(app, [stored]);
    throw err;
  }
}

export async function createPageImage(
  app: FastifyInstance,
  input: { page: number; status?: boolean },
  file: UploadedFile | undefined,
): Promise<PageImage> {
  if (!file) throw ValidationError.field('image', pageImageRequiredMessage(input.page));
  const stored = await storeImage(app, file);
  const row = await withStored(app, stored, () =>
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
  if (!(await findPageImageRow(app.db, id))) throw notFound();
  const stored = file ? await storeImage(app, file) : null;
  const patch: PageImagePatch = {};
  if (input.page !== undefined) patch.page = input.page;
  if (input.status !== undefined) patch.status = input.status;
  if (stored) patch.image = stored;
  const { before, after } = await withStored(app, stored, () =>
    app.db.transaction(async (tx) => {
      const old = await findPageImageRow(tx, id, true);
      if (!old) throw notFound();
      const row = await updatePageImageRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  if (stored && before.image.sha256 !== stored.sha256) await releaseImages(app, [before.image]);
  await app.cache.invalidate(PAGE_IMAGES_TAG);
  return toPageImage(after);
}

export async function deletePageImage(app: FastifyInstance, id: number): Promise<void> {
  const row = await deletePageImageRow(app.db, id);
  if (!row) throw notFound();
  await releaseImages(app, [row.image]);
  await app.cache.invalidate(PAGE_IMAGES_TAG);
}
