import type { FastifyInstance } from 'fastify';
import {
  contactPatchSchema,
  contactSchema,
  type ContactInfo,
  type ContactInput,
  type ContactPatch,
  type ContactUsContent,
} from '@darkroom/contracts';
import { notFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { validate } from '../../lib/validate';
import { imageView, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
import {
  deleteContactInfoRow,
  findContactInfoRow,
  findContactUsRow,
  insertContactInfoRow,
  insertContactUsRow,
  listContactInfoRows,
  listContactUsRows,
  updateContactInfoRow,
  updateContactUsRow,
  type ContactInfoRow,
  type ContactUsChanges,
  type ContactUsRow,
} from './contact.repository';

export const CONTACT_INFO_CACHE_TAG = 'contact-info';
export const CONTACT_US_CACHE_TAG = 'contact-us';
const NAV_IMAGE_FIELD = 'nav_image';

type ContactFields = Pick<ContactInfoRow, 'name' | 'email' | 'phone' | 'address' | 'description'>;

export function toContactInfo(row: ContactInfoRow): ContactInfo {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    description: row.description,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

export function toContactUsContent(row: ContactUsRow): ContactUsContent {
  const view = row.navImage ? imageView(row.navImage) : null;
  return { ...toContactInfo(row), nav_image: view?.url ?? null, nav_image_view: view };
}

/** `name` holds the email (spec); a blank one is filled from it. */
function createFields(input: ContactInput): ContactFields {
  return { ...input, name: input.name || input.email };
}

/** The changes a PATCH makes: sent fields only; a name that mirrored the email keeps mirroring it. */
function patchFields(before: ContactFields, patch: ContactPatch): Partial<ContactFields> {
  const changes: Partial<ContactFields> = { ...patch };
  const email = patch.email ?? before.email;
  if (patch.name === '' || (patch.name === undefined && patch.email !== undefined && before.name === before.email)) {
    changes.name = email;
  }
  return changes;
}

async function withNewImage<T>(app: FastifyInstance, image: StoredImage | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(app, [image]);
    throw err;
  }
}

// Contact information (/Contact-us-info).

export async function listContactInfos(app: FastifyInstance): Promise<ContactInfo[]> {
  return (await listContactInfoRows(app.db)).map(toContactInfo);
}

export function contactInfoListJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(CONTACT_INFO_CACHE_TAG, 'list', () => listContactInfos(app));
}

export async function createContactInfo(app: FastifyInstance, fields: Record<string, unknown>): Promise<ContactInfo> {
  const input = validate(contactSchema, fields);
  const row = await insertContactInfoRow(app.db, createFields(input));
  await app.cache.invalidate(CONTACT_INFO_CACHE_TAG);
  return toContactInfo(row);
}

export async function updateContactInfo(app: FastifyInstance, id: number, fields: Record<string, unknown>): Promise<ContactInfo> {
  const before = await findContactInfoRow(app.db, id);
  if (!before) throw notFound();
  const patch = validate(contactPatchSchema, fields);
  const row = await updateContactInfoRow(app.db, id, patchFields(before, patch));
  if (!row) throw notFound();
  await app.cache.invalidate(CONTACT_INFO_CACHE_TAG);
  return toContactInfo(row);
}

export async function deleteContactInfo(app: FastifyInstance, id: number): Promise<void> {
  const row = await deleteContactInfoRow(app.db, id);
  if (!row) throw notFound();
  await app.cache.invalidate(CONTACT_INFO_CACHE_TAG);
}

// Contact-us page content (/Contact-us).

export async function listContactUsContent(app: FastifyInstance): Promise<ContactUsContent[]> {
  return (await listContactUsRows(app.db)).map(toContactUsContent);
}

export function contactUsListJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(CONTACT_US_CACHE_TAG, 'list', () => listContactUsContent(app));
}

const storeNavImage = (app: FastifyInstance, file: UploadedFile | undefined) =>
  file ? processImage(app.storage, file, { field: NAV_IMAGE_FIELD, use: 'pageImage' }) : Promise.resolve(undefined);

/**
 * The page has one content record. A create when one already exists (another admin got there
 * first, or a double submit) updates that record instead of adding a second.
 */
export async function createContactUsContent(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<{ created: boolean; content: ContactUsContent }> {
  const input = validate(contactSchema, fields);
  const navImage = await storeNavImage(app, file);
  const [existing] = await listContactUsRows(app.db);
  const values = { ...createFields(input), ...(navImage ? { navImage } : {}) };
  const row = await withNewImage(app, navImage, async () => {
    if (!existing) return insertContactUsRow(app.db, values);
    const updated = await updateContactUsRow(app.db, existing.id, values);
    if (!updated) throw notFound();
    return updated;
  });
  await app.cache.invalidate(CONTACT_US_CACHE_TAG);
  if (existing && navImage) await releaseImages(app, [existing.navImage]);
  return { created: !existing, content: toContactUsContent(row) };
}

/** PATCH: the sent text fields; a nav image only when a new file came. */
export async function updateContactUsContent(
  app: FastifyInstance,
  id: number,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<ContactUsContent> {
  const before = await findContactUsRow(app.db, id);
  if (!before) throw notFound();
  const patch = validate(contactPatchSchema, fields);
  const navImage = await storeNavImage(app, file);
  const changes: ContactUsChanges = { ...patchFields(before, patch), ...(navImage ? { navImage } : {}) };
  const row = await withNewImage(app, navImage, async () => {
    const updated = await updateContactUsRow(app.db, id, changes);
    if (!updated) throw notFound();
    return updated;
  });
  await app.cache.invalidate(CONTACT_US_CACHE_TAG);
  if (navImage) await releaseImages(app, [before.navImage]);
  return toContactUsContent(row);
}
