import { ABOUT_MESSAGES, type AboutContent, type AboutFields, type AboutUpdateInput } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { saveWithImages, type ImageUpload } from '../../media/save-with-images';
import type { StoredImage } from '../../media/stored-image';
import {
  countAboutRows,
  findAboutRow,
  insertAboutRow,
  listAboutRows,
  lockAboutCreate,
  updateAboutRow,
  type AboutPatch,
  type AboutRow,
} from './about.repository';

/** Cache tag of every about-content response. */
export const ABOUT_TAG = 'about';

export function toAbout(row: AboutRow, images: Map<number, StoredImage>): AboutContent {
  return {
    id: row.id,
    header_text: row.headerText,
    info_text1: row.infoText1,
    info_text2: row.infoText2,
    ...imageFields('page_image', row.pageImageAssetId === null ? null : (images.get(row.pageImageAssetId) ?? null), { wide: true }),
    ...imageFields('info_image', images.get(row.infoImageAssetId)!),
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

async function withImages(ctx: AppContext, rows: AboutRow[]): Promise<AboutContent[]> {
  const images = await ctx.assets.images(rows.flatMap((r) => [r.infoImageAssetId, r.pageImageAssetId]));
  return rows.map((r) => toAbout(r, images));
}

/** The about content as a list (the spec reads lists); it holds at most one entry. */
export async function listAbout(ctx: AppContext): Promise<AboutContent[]> {
  return withImages(ctx, await listAboutRows(ctx.db));
}

export interface AboutFiles {
  infoImage?: UploadedFile;
  pageImage?: UploadedFile;
}

const uploads = (files: AboutFiles): { infoImageAssetId?: ImageUpload; pageImageAssetId?: ImageUpload } => ({
  infoImageAssetId: files.infoImage && { file: files.infoImage, field: 'info_image', use: 'aboutImage' },
  pageImageAssetId: files.pageImage && { file: files.pageImage, field: 'page_image', use: 'aboutImage' },
});

export async function createAbout(ctx: AppContext, input: AboutFields, files: AboutFiles): Promise<AboutContent> {
  if (!files.infoImage) throw ValidationError.field('info_image', ABOUT_MESSAGES.infoImageRequired);
  if (await countAboutRows(ctx.db)) throw new HttpError(409, ABOUT_MESSAGES.alreadyExists);
  const row = await saveWithImages<AboutRow, AboutRow>(ctx, {
    images: uploads(files),
    write: async (tx, ids) => {
      await lockAboutCreate(tx);
      if (await countAboutRows(tx)) throw new HttpError(409, ABOUT_MESSAGES.alreadyExists);
      return insertAboutRow(tx, {
        headerText: input.header_text,
        infoText1: input.info_text1,
        infoText2: input.info_text2,
        infoImageAssetId: ids.infoImageAssetId!,
        pageImageAssetId: ids.pageImageAssetId ?? null,
      });
    },
    cacheTags: [ABOUT_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

/** Partial update; images not sent (or sent empty) keep the old ones, which are released when replaced. */
export async function updateAbout(ctx: AppContext, id: number, input: AboutUpdateInput, files: AboutFiles): Promise<AboutContent> {
  await orNotFound(findAboutRow(ctx.db, id));
  const patch: AboutPatch = sentChanges(input, { header_text: 'headerText', info_text1: 'infoText1', info_text2: 'infoText2' });
  const row = await saveWithImages<AboutRow, AboutRow>(ctx, {
    images: uploads(files),
    lock: (tx) => findAboutRow(tx, id, true),
    write: async (tx, ids) => (await updateAboutRow(tx, id, { ...patch, ...ids }))!,
    cacheTags: [ABOUT_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}
