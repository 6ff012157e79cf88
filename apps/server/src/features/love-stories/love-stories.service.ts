import {
  LOVE_STORY_DESCRIPTION_KEYS,
  LOVE_STORY_MESSAGES,
  type LoveStory,
  type LoveStoryCreateInput,
  type LoveStoryDescription,
  type LoveStoryPatch,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { customerName, requireCustomer, type CustomerName } from '../../auth/customers';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
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

/** Cache tag dropped on every love story write (the public site caches its published stories). */
export const LOVE_STORIES_TAG = 'love-stories';

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

const storeCover = (ctx: AppContext, file: UploadedFile) =>
  processImage(ctx.storage, file, { field: 'cover_image', use: 'loveStoryCover' });

export async function loveStoryList(ctx: AppContext): Promise<LoveStory[]> {
  return (await listLoveStories(ctx.db)).map((r) => toLoveStory(r.story, r.owner));
}

export async function loveStoryById(ctx: AppContext, id: number): Promise<LoveStory> {
  const found = await orNotFound(findLoveStory(ctx.db, id));
  return toLoveStory(found.story, found.owner);
}

export async function createLoveStory(ctx: AppContext, data: LoveStoryCreateInput, file: UploadedFile): Promise<LoveStory> {
  const { title, user, status, ...description } = data;
  const owner = await requireCustomer(ctx.db, user, 'user', LOVE_STORY_MESSAGES.userRequired);
  const cover = await storeCover(ctx, file);
  const row = await withNewImages(ctx, [cover], () =>
    insertLoveStory(ctx.db, {
      title,
      description: fullDescription(description),
      accountId: owner.id,
      cover,
      status: status ?? false,
    }),
  );
  await ctx.cache.invalidate(LOVE_STORIES_TAG);
  return toLoveStory(row, owner);
}

/** PATCH: the fields sent (same rules), a new cover if one is sent, and/or the publish status. */
export async function updateLoveStoryFields(
  ctx: AppContext,
  id: number,
  data: LoveStoryPatch,
  file: UploadedFile | undefined,
): Promise<LoveStory> {
  const existing = await orNotFound(findLoveStory(ctx.db, id));
  const sent = new Set(
    Object.entries(data)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k),
  );
  const patch: Partial<LoveStoryInsert> = {};
  let owner: CustomerName | null = existing.owner;
  if (sent.has('title')) patch.title = data.title;
  if (sent.has('status')) patch.status = data.status;
  if (sent.has('user')) {
    owner = await requireCustomer(ctx.db, data.user!, 'user', LOVE_STORY_MESSAGES.userRequired);
    patch.accountId = data.user;
  }
  // A partial description keeps the other descriptions as they are.
  if (LOVE_STORY_DESCRIPTION_KEYS.some((k) => sent.has(k))) {
    const current = fullDescription(existing.story.description);
    for (const key of LOVE_STORY_DESCRIPTION_KEYS) if (sent.has(key)) current[key] = data[key] ?? '';
    patch.description = current;
  }
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeCover(ctx, file);

  // orNotFound: deleted while this request ran; withNewImages then releases the new cover.
  const row = await withNewImages(ctx, [cover], () =>
    Object.keys(patch).length ? orNotFound(updateLoveStory(ctx.db, id, patch)) : Promise.resolve(existing.story),
  );
  if (cover) await releaseImages(ctx, [existing.story.cover]);
  await ctx.cache.invalidate(LOVE_STORIES_TAG);
  return toLoveStory(row, owner);
}

/** Deletes the story, then its photos and its cover's files. */
export async function removeLoveStory(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deleteLoveStory(ctx.db, id));
  await removeGallery(ctx, 'love-story', id);
  await releaseImages(ctx, [row.cover]);
  await ctx.cache.invalidate(LOVE_STORIES_TAG);
}
