import {
  LOVE_STORY_DESCRIPTION_KEYS,
  LOVE_STORY_MESSAGES,
  type LoveStory,
  type LoveStoryCreateInput,
  type LoveStoryDescription,
  type LoveStoryPatch,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { customerName, type CustomerName } from '../../auth/customers.repository';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import type { StoredImage } from '../../media/stored-image';
import { galleryOwnerService, sentKeys } from '../galleries/gallery-owners';
import {
  deleteLoveStory,
  findLoveStory,
  insertLoveStory,
  listLoveStories,
  lockLoveStory,
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

export function toLoveStory(row: LoveStoryRow, owner: CustomerName | null, coverImage: StoredImage): LoveStory {
  const cover = imageFields('cover_image', coverImage);
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
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    time_created: row.timeCreated.toISOString(),
  };
}

/** Cache tag dropped on every love story write (the public site caches its published stories). */
export const LOVE_STORIES_TAG = 'love-stories';

const flows = galleryOwnerService<LoveStoryRow, Omit<LoveStoryInsert, 'accountId' | 'coverAssetId'>, LoveStory>({
  type: 'love-story',
  cacheTags: [LOVE_STORIES_TAG],
  use: 'loveStoryCover',
  userRequired: LOVE_STORY_MESSAGES.userRequired,
  list: async (db) => (await listLoveStories(db)).map((r) => ({ row: r.story, owner: r.owner })),
  find: async (db, id) => {
    const found = await findLoveStory(db, id);
    return found && { row: found.story, owner: found.owner };
  },
  lock: lockLoveStory,
  insert: insertLoveStory,
  update: updateLoveStory,
  remove: deleteLoveStory,
  toView: toLoveStory,
});

export const loveStoryList = (ctx: AppContext): Promise<LoveStory[]> => flows.list(ctx);

export const loveStoryById = (ctx: AppContext, id: number): Promise<LoveStory> => flows.byId(ctx, id);

export async function createLoveStory(ctx: AppContext, data: LoveStoryCreateInput, file: UploadedFile): Promise<LoveStory> {
  const { title, user, status, seo_title, seo_description, ...description } = data;
  return flows.create(
    ctx,
    user,
    { title, description: fullDescription(description), seoTitle: seo_title, seoDescription: seo_description, status: status ?? false },
    file,
  );
}

/** PATCH: the fields sent (same rules), a new cover if one is sent, and/or the publish status. */
export async function updateLoveStoryFields(
  ctx: AppContext,
  id: number,
  data: LoveStoryPatch,
  file: UploadedFile | undefined,
): Promise<LoveStory> {
  const sent = sentKeys(data);
  return flows.update(
    ctx,
    id,
    {
      ...(sent.has('user') ? { user: data.user! } : {}),
      changes: (before) => {
        const patch: Partial<LoveStoryInsert> = {};
        if (sent.has('title')) patch.title = data.title;
        if (sent.has('status')) patch.status = data.status;
        if (sent.has('seo_title')) patch.seoTitle = data.seo_title;
        if (sent.has('seo_description')) patch.seoDescription = data.seo_description;
        // A partial description keeps the other descriptions as they are.
        if (LOVE_STORY_DESCRIPTION_KEYS.some((k) => sent.has(k))) {
          const current = fullDescription(before.description);
          for (const key of LOVE_STORY_DESCRIPTION_KEYS) if (sent.has(key)) current[key] = data[key] ?? '';
          patch.description = current;
        }
        return patch;
      },
    },
    file,
  );
}

/** Deletes the story, its photos (the database deletes them with it) and the files nothing else uses. */
export const removeLoveStory = (ctx: AppContext, id: number): Promise<void> => flows.remove(ctx, id);
