import type { FastifyInstance } from 'fastify';
import {
  contactPatchSchema,
  contactSchema,
  type ContactInfo,
  type ContactInput,
  type ContactPatch,
  type ContactUsContent,
} from '@darkroom/contracts';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { validate } from '../../lib/validate';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
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
  return { ...toContactInfo(row), ...imageFields('nav_image', row.navImage) };
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

// Contact information (/Contact-us-info).

export async function listContactInfos(app: FastifyInstance): Promise<ContactInfo[]> {
  return (await listContactInfoRows(app.db)).map(toContactInfo);
}

export async function createContactInfo(app: FastifyInstance, fields: Record<string, unknown>): Promise<ContactInfo> {
  const input = validate(contactSchema, fields);
  const row = await insertContactInfoRow(app.db, createFields(input));
  await app.cache.invalidate(CONTACT_INFO_CACHE_TAG);
  return toContactInfo(row);
}

export async function updateContactInfo(app: FastifyInstance, id: number, fields: Record<string, unknown>): Promise<ContactInfo> {
  const before = await orNotFound(findContactInfoRow(app.db, id));
  const patch = validate(contactPatchSchema, fields);
  const row = await orNotFound(updateContactInfoRow(app.db, id, patchFields(before, patch)));
  await app.cache.invalidate(CONTACT_INFO_CACHE_TAG);
  return toContactInfo(row);
}

export async function deleteContactInfo(app: FastifyInstance, id: number): Promise<void> {
  await orNotFound(deleteContactInfoRow(app.db, id));
  await app.cache.invalidate(CONTACT_INFO_CACHE_TAG);
}

// Contact-us page content (/Contact-us).

export async function listContactUsContent(app: FastifyInstance): Promise<ContactUsContent[]> {
  return (await listContactUsRows(app.db)).map(toContactUsContent);
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
  const row = await withNewImages(app, [navImage], () =>
    existing ? orNotFound(updateContactUsRow(app.db, existing.id, values)) : insertContactUsRow(app.db, values),
  );
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
  const before = await orNotFound(findContactUsRow(app.db, id));
  const patch = validate(contactPatchSchema, fields);
  const navImage = await storeNavImage(app, file);
  const changes: ContactUsChanges = { ...patchFields(before, patch), ...(navImage ? { navImage } : {}) };
  const row = await withNewImages(app, [navImage], () => orNotFound(updateContactUsRow(app.db, id, changes)));
  await app.cache.invalidate(CONTACT_US_CACHE_TAG);
  if (navImage) await releaseImages(app, [before.navImage]);
  return toContactUsContent(row);
}
