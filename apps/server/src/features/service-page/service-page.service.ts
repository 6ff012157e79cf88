import type { FastifyInstance } from 'fastify';
import {
  SERVICE_PAGE_MESSAGES,
  servicePagePatchSchema,
  toFieldErrors,
  type FieldErrors,
  servicePageTextSchema,
  type ServicePageContent,
} from '@darkroom/contracts';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { fileOf, type ParsedForm } from '../../lib/read-form';
import { validate } from '../../lib/validate';
import { imageView, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
import {
  findServicePage,
  findServicePageById,
  insertServicePageOnce,
  updateServicePage,
  type ServicePageRow,
  type ServicePageValues,
} from './service-page.repository';

export const SERVICE_PAGE_CACHE_TAG = 'service-page';

export function toServicePage(row: ServicePageRow): ServicePageContent {
  const view = imageView(row.image);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: view.url,
    image_view: view,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The spec's single record, listed as an array of zero or one. */
export async function servicePageList(app: FastifyInstance): Promise<ServicePageContent[]> {
  const row = await findServicePage(app.db);
  return row ? [toServicePage(row)] : [];
}

const storeImage = (app: FastifyInstance, form: ParsedForm): Promise<StoredImage> | undefined => {
  const file = fileOf(form, 'image');
  return file && processImage(app.storage, file, { field: 'image', use: 'servicePageImage' });
};

/** Creates the service page; it is a single record, so a second create is a 409. */
export async function createServicePage(app: FastifyInstance, form: ParsedForm): Promise<ServicePageContent> {
  // Report every missing field at once, the image included.
  const parsed = servicePageTextSchema.safeParse(form.fields);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  if (!fileOf(form, 'image')) errors.image = [SERVICE_PAGE_MESSAGES.imageRequired];
  if (!parsed.success || errors.image) throw new ValidationError(errors);
  const text = parsed.data;
  if (await findServicePage(app.db)) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
  const image = (await storeImage(app, form))!;
  let row: ServicePageRow | null;
  try {
    row = await insertServicePageOnce(app.db, { ...text, image });
  } catch (err) {
    await releaseImages(app, [image]);
    throw err;
  }
  if (!row) {
    // Another admin created it while this image was being processed.
    await releaseImages(app, [image]);
    throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
  }
  await app.cache.invalidate(SERVICE_PAGE_CACHE_TAG);
  return toServicePage(row);
}

/** Partial update: only sent fields change; an omitted or empty image keeps the current one. */
export async function patchServicePage(app: FastifyInstance, id: number, form: ParsedForm): Promise<ServicePageContent> {
  const text = validate(servicePagePatchSchema, form.fields);
  const before = await findServicePageById(app.db, id);
  if (!before) throw notFound();
  const image = await storeImage(app, form);
  const values: ServicePageValues = { ...text, ...(image ? { image } : {}) };
  let row: ServicePageRow | undefined;
  try {
    row = await updateServicePage(app.db, id, values);
  } catch (err) {
    if (image) await releaseImages(app, [image]);
    throw err;
  }
  if (!row) {
    if (image) await releaseImages(app, [image]);
    throw notFound();
  }
  if (image) await releaseImages(app, [before.image]);
  await app.cache.invalidate(SERVICE_PAGE_CACHE_TAG);
  return toServicePage(row);
}
