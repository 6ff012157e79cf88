import { type ContactInfo, type ContactInput, type ContactPatch, type ContactUsContent } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { saveWithImages, type ImageUpload } from '../../media/save-with-images';
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

export function toContactUsContent(row: ContactUsRow, navImage: StoredImage | null): ContactUsContent {
  return { ...toContactInfo(row), ...imageFields('nav_image', navImage) };
}

async function withImages(ctx: AppContext, rows: ContactUsRow[]): Promise<ContactUsContent[]> {
  const images = await ctx.assets.images(rows.map((r) => r.navImageAssetId));
  return rows.map((r) => toContactUsContent(r, r.navImageAssetId === null ? null : (images.get(r.navImageAssetId) ?? null)));
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
  return withImages(ctx, await listContactUsRows(ctx.db));
}

const navUpload = (file: UploadedFile | undefined): ImageUpload | undefined => file && { file, field: NAV_IMAGE_FIELD, use: 'pageImage' };

/**
 * The page has one content record. A create when one already exists (another admin got there
 * first, or a double submit) updates that record instead of adding a second.
 */
export async function createContactUsContent(
  ctx: AppContext,
  input: ContactInput,
  file: UploadedFile | undefined,
): Promise<{ created: boolean; content: ContactUsContent }> {
  const [existing] = await listContactUsRows(ctx.db);
  const values = createFields(input);
  const row = await saveWithImages<ContactUsRow, ContactUsRow>(ctx, {
    images: { navImageAssetId: navUpload(file) },
    ...(existing ? { lock: (tx) => findContactUsRow(tx, existing.id, true) } : {}),
    write: async (tx, ids) =>
      existing ? (await updateContactUsRow(tx, existing.id, { ...values, ...ids }))! : insertContactUsRow(tx, { ...values, ...ids }),
    cacheTags: [CONTACT_US_CACHE_TAG],
  });
  return { created: !existing, content: (await withImages(ctx, [row]))[0]! };
}

/** PATCH: the sent text fields; a nav image only when a new file came. */
export async function updateContactUsContent(
  ctx: AppContext,
  id: number,
  patch: ContactPatch,
  file: UploadedFile | undefined,
): Promise<ContactUsContent> {
  await orNotFound(findContactUsRow(ctx.db, id));
  const row = await saveWithImages<ContactUsRow, ContactUsRow>(ctx, {
    images: { navImageAssetId: navUpload(file) },
    lock: (tx) => findContactUsRow(tx, id, true),
    write: async (tx, ids, before) => {
      const changes: ContactUsChanges = { ...patchFields(before!, patch), ...ids };
      return (await updateContactUsRow(tx, id, changes))!;
    },
    cacheTags: [CONTACT_US_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}
