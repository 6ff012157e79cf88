import type { FastifyInstance } from 'fastify';
import {
  LOVE_STORY_DESCRIPTION_KEYS,
  LOVE_STORY_MESSAGES,
  loveStoryFieldsSchema,
  loveStoryPatchSchema,
  parseLoveStoryDescription,
  type LoveStory,
  type LoveStoryDescription,
} from '@darkroom/contracts';
import { customerName, requireCustomer, type CustomerName } from '../../auth/customers';
import { orNotFound, ValidationError } from '../../lib/errors';
import { fileOf, type ParsedForm, type UploadedFile } from '../../lib/read-form';
import { validate, validateWithFile } from '../../lib/validate';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
import { removeGallery } from '../galleries/galleries.service';
import {
  deleteLoveStory,
  findLoveStory,
  insertLoveStory,
  listLoveStories,
  updateLoveStory,
  type LoveStoryInsert,
  type LoveStoryRow,
} from './love-stories.repository';

/** All five descriptions, in order, blanks included. */
function fullDescription(raw: Partial<Record<string, string>> | null | undefined): LoveStoryDescription {
  const out = {} as LoveStoryDescription;
  for (const key of LOVE_STORY_DESCRIPTION_KEYS) out[key] = raw?.[key] ?? '';
  return out;
}

export function toLoveStory(row: LoveStoryRow, owner: CustomerName | null): LoveStory {
  const cover = imageFields('cover_image', row.cover);
  const view = cover.cover_image_view;
  return {
    id: row.id,
    title: row.title,
    ...cover,
    square_image: view.square ?? view.url,
    land_scape_image: view.wide ?? view.url,
    description: JSON.stringify(fullDescription(row.description)),
    user: row.accountId,
    user_text: customerName(owner),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
  };
}

/**
 * Flattens the request: the spec's `description` (JSON string or object) becomes description1..5
 * beside title, user and status. Loose description1..5 fields are accepted too; the JSON wins.
 */
function flatInput(fields: Record<string, unknown>): Record<string, unknown> {
  const described = parseLoveStoryDescription(fields.description);
  if (described === null) throw ValidationError.field('description', LOVE_STORY_MESSAGES.descriptionInvalid);
  const out: Record<string, unknown> = {};
  for (const key of ['title', 'user', 'status', ...LOVE_STORY_DESCRIPTION_KEYS]) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  Object.assign(out, described);
  return out;
}

/** The one uploaded image; the spec's client may send it under all three image names. */
function coverFile(form: ParsedForm): UploadedFile | undefined {
  return fileOf(form, 'cover_image') ?? fileOf(form, 'land_scape_image') ?? fileOf(form, 'square_image');
}

const storeCover = (app: FastifyInstance, file: UploadedFile) =>
  processImage(app.storage, file, { field: 'cover_image', use: 'loveStoryCover' });

export async function loveStoryList(app: FastifyInstance): Promise<LoveStory[]> {
  return (await listLoveStories(app.db)).map((r) => toLoveStory(r.story, r.owner));
}

export async function loveStoryById(app: FastifyInstance, id: number): Promise<LoveStory> {
  const found = await orNotFound(findLoveStory(app.db, id));
  return toLoveStory(found.story, found.owner);
}

export async function createLoveStory(app: FastifyInstance, form: ParsedForm): Promise<LoveStory> {
  const input = flatInput(form.fields);
  const { data, file } = validateWithFile(loveStoryFieldsSchema, input, {
    field: 'cover_image',
    value: coverFile(form),
    missing: LOVE_STORY_MESSAGES.coverRequired,
  });
  const { title, user, ...description } = data;
  const owner = await requireCustomer(app.db, user, 'user', LOVE_STORY_MESSAGES.userRequired);
  const status = input.status === undefined ? false : validate(loveStoryPatchSchema.pick({ status: true }), input).status;

  const cover = await storeCover(app, file);
  const row = await withNewImages(app, [cover], () =>
    insertLoveStory(app.db, {
      title,
      description: fullDescription(description),
      accountId: owner.id,
      cover,
      status: status ?? false,
    }),
  );
  return toLoveStory(row, owner);
}

/** PATCH: the fields sent (same rules), a new cover if one is sent, and/or the publish status. */
export async function updateLoveStoryFields(app: FastifyInstance, id: number, form: ParsedForm): Promise<LoveStory> {
  const existing = await orNotFound(findLoveStory(app.db, id));
  const input = flatInput(form.fields);
  // A partial description keeps the other descriptions as they are, and description1 stays required.
  if (LOVE_STORY_DESCRIPTION_KEYS.some((k) => k in input)) {
    const current = fullDescription(existing.story.description);
    for (const key of LOVE_STORY_DESCRIPTION_KEYS) if (!(key in input)) input[key] = current[key];
  }
  const data = validate(loveStoryPatchSchema, input);
  const patch: Partial<LoveStoryInsert> = {};
  let owner: CustomerName | null = existing.owner;
  if ('title' in input) patch.title = data.title;
  if ('status' in input) patch.status = data.status;
  if ('user' in input) {
    owner = await requireCustomer(app.db, data.user!, 'user', LOVE_STORY_MESSAGES.userRequired);
    patch.accountId = data.user;
  }
  if ('description1' in input) {
    const { title: _t, user: _u, status: _s, ...description } = data;
    patch.description = fullDescription(description);
  }
  const file = coverFile(form);
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeCover(app, file);

  // orNotFound: deleted while this request ran; withNewImages then releases the new cover.
  const row = await withNewImages(app, [cover], () =>
    Object.keys(patch).length ? orNotFound(updateLoveStory(app.db, id, patch)) : Promise.resolve(existing.story),
  );
  if (cover) await releaseImages(app, [existing.story.cover]);
  return toLoveStory(row, owner);
}

/** Deletes the story, then its photos and its cover's files. */
export async function removeLoveStory(app: FastifyInstance, id: number): Promise<void> {
  const row = await orNotFound(deleteLoveStory(app.db, id));
  await removeGallery(app, 'love-story', id);
  await releaseImages(app, [row.cover]);
}
