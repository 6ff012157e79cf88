import { type ContactInfo, type ContactInput, type ContactPatch, type ContactUsContent } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
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

export async function listContactInfos(ctx: AppContext): Promise<ContactInfo[]> {
  return (await listContactInfoRows(ctx.db)).map(toContactInfo);
}

export async function createContactInfo(ctx: AppContext, input: ContactInput): Promise<ContactInfo> {
  const row = await insertContactInfoRow(ctx.db, createFields(input));
  await ctx.cache.invalidate(CONTACT_INFO_CACHE_TAG);
  return toContactInfo(row);
}

export async function updateContactInfo(ctx: AppContext, id: number, patch: ContactPatch): Promise<ContactInfo> {
  const before = await orNotFound(findContactInfoRow(ctx.db, id));
  const row = await orNotFound(updateContactInfoRow(ctx.db, id, patchFields(before, patch)));
  await ctx.cache.invalidate(CONTACT_INFO_CACHE_TAG);
  return toContactInfo(row);
}

export async function deleteContactInfo(ctx: AppContext, id: number): Promise<void> {
  await orNotFound(deleteContactInfoRow(ctx.db, id));
  await ctx.cache.invalidate(CONTACT_INFO_CACHE_TAG);
}

// Contact-us page content (/Contact-us).

export async function listContactUsContent(ctx: AppContext): Promise<ContactUsContent[]> {
  return (await listContactUsRows(ctx.db)).map(toContactUsContent);
}

const storeNavImage = (ctx: AppContext, file: UploadedFile | undefined) =>
  file ? processImage(ctx.storage, file, { field: NAV_IMAGE_FIELD, use: 'pageImage' }) : Promise.resolve(undefined);

/**
 * The page has one content record. A create when one already exists (another admin got there
 * first, or a double submit) updates that record instead of adding a second.
 */
export async function createContactUsContent(
  ctx: AppContext,
  input: ContactInput,
  file: UploadedFile | undefined,
): Promise<{ created: boolean; content: ContactUsContent }> {
  const navImage = await storeNavImage(ctx, file);
  const [existing] = await listContactUsRows(ctx.db);
  const values = { ...createFields(input), ...(navImage ? { navImage } : {}) };
  const row = await withNewImages(ctx, [navImage], () =>
    existing ? orNotFound(updateContactUsRow(ctx.db, existing.id, values)) : insertContactUsRow(ctx.db, values),
  );
  await ctx.cache.invalidate(CONTACT_US_CACHE_TAG);
  if (existing && navImage) await releaseImages(ctx, [existing.navImage]);
  return { created: !existing, content: toContactUsContent(row) };
}

/** PATCH: the sent text fields; a nav image only when a new file came. */
export async function updateContactUsContent(
  ctx: AppContext,
  id: number,
  patch: ContactPatch,
  file: UploadedFile | undefined,
): Promise<ContactUsContent> {
  const before = await orNotFound(findContactUsRow(ctx.db, id));
  const navImage = await storeNavImage(ctx, file);
  const changes: ContactUsChanges = { ...patchFields(before, patch), ...(navImage ? { navImage } : {}) };
  const row = await withNewImages(ctx, [navImage], () => orNotFound(updateContactUsRow(ctx.db, id, changes)));
  await ctx.cache.invalidate(CONTACT_US_CACHE_TAG);
  if (navImage) await releaseImages(ctx, [before.navImage]);
  return toContactUsContent(row);
}
