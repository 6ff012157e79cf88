import type { FastifyInstance } from 'fastify';
import { SERVICE_PAGE_MESSAGES, servicePagePatchSchema, servicePageTextSchema, type ServicePageContent } from '@darkroom/contracts';
import { HttpError, orNotFound } from '../../lib/errors';
import { fileOf, type ParsedForm, type UploadedFile } from '../../lib/read-form';
import { validate, validateWithFile } from '../../lib/validate';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
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
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...imageFields('image', row.image),
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The spec's single record, listed as an array of zero or one. */
export async function servicePageList(app: FastifyInstance): Promise<ServicePageContent[]> {
  const row = await findServicePage(app.db);
  return row ? [toServicePage(row)] : [];
}

const storeImage = (app: FastifyInstance, file: UploadedFile) =>
  processImage(app.storage, file, { field: 'image', use: 'servicePageImage' });

/** Creates the service page; it is a single record, so a second create is a 409. */
export async function createServicePage(app: FastifyInstance, form: ParsedForm): Promise<ServicePageContent> {
  const { data: text, file } = validateWithFile(servicePageTextSchema, form.fields, {
    field: 'image',
    value: fileOf(form, 'image'),
    missing: SERVICE_PAGE_MESSAGES.imageRequired,
  });
  if (await findServicePage(app.db)) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
  const image = await storeImage(app, file);
  const row = await withNewImages(app, [image], async () => {
    const created = await insertServicePageOnce(app.db, { ...text, image });
    // Another admin created it while this image was being processed.
    if (!created) throw new HttpError(409, SERVICE_PAGE_MESSAGES.alreadyExists);
    return created;
  });
  await app.cache.invalidate(SERVICE_PAGE_CACHE_TAG);
  return toServicePage(row);
}

/** Partial update: only sent fields change; an omitted or empty image keeps the current one. */
export async function patchServicePage(app: FastifyInstance, id: number, form: ParsedForm): Promise<ServicePageContent> {
  const text = validate(servicePagePatchSchema, form.fields);
  const before = await orNotFound(findServicePageById(app.db, id));
  const file = fileOf(form, 'image');
  const image = file ? await storeImage(app, file) : undefined;
  const values: ServicePageValues = { ...text, ...(image ? { image } : {}) };
  // orNotFound: deleted by someone else meanwhile.
  const row = await withNewImages(app, [image], () => orNotFound(updateServicePage(app.db, id, values)));
  if (image) await releaseImages(app, [before.image]);
  await app.cache.invalidate(SERVICE_PAGE_CACHE_TAG);
  return toServicePage(row);
}
