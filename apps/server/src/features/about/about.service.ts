import { ABOUT_MESSAGES, type AboutContent, type AboutFields, type AboutUpdateInput } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
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

export function toAbout(row: AboutRow): AboutContent {
  return {
    id: row.id,
    header_text: row.headerText,
    info_text1: row.infoText1,
    info_text2: row.infoText2,
    ...imageFields('page_image', row.pageImage, { wide: true }),
    ...imageFields('info_image', row.infoImage),
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The about content as a list (the spec reads lists); it holds at most one entry. */
export async function listAbout(ctx: AppContext): Promise<AboutContent[]> {
  return (await listAboutRows(ctx.db)).map(toAbout);
}

export interface AboutFiles {
  infoImage?: UploadedFile;
  pageImage?: UploadedFile;
}

/** Stores the sent images; if the second fails, the first is released again. */
async function storeImages(ctx: AppContext, files: AboutFiles): Promise<{ info: StoredImage | null; page: StoredImage | null }> {
  const info = files.infoImage ? await processImage(ctx.storage, files.infoImage, { field: 'info_image', use: 'aboutImage' }) : null;
  const pageFile = files.pageImage;
  const page = pageFile
    ? await withNewImages(ctx, [info], () => processImage(ctx.storage, pageFile, { field: 'page_image', use: 'aboutImage' }))
    : null;
  return { info, page };
}

export async function createAbout(ctx: AppContext, input: AboutFields, files: AboutFiles): Promise<AboutContent> {
  if (!files.infoImage) throw ValidationError.field('info_image', ABOUT_MESSAGES.infoImageRequired);
  if (await countAboutRows(ctx.db)) throw new HttpError(409, ABOUT_MESSAGES.alreadyExists);
  const { info, page } = await storeImages(ctx, files);
  const row = await withNewImages(ctx, [info, page], () =>
    ctx.db.transaction(async (tx) => {
      await lockAboutCreate(tx);
      if (await countAboutRows(tx)) throw new HttpError(409, ABOUT_MESSAGES.alreadyExists);
      return insertAboutRow(tx, {
        headerText: input.header_text,
        infoText1: input.info_text1,
        infoText2: input.info_text2,
        infoImage: info!,
        pageImage: page,
      });
    }),
  );
  await ctx.cache.invalidate(ABOUT_TAG);
  return toAbout(row);
}

/** Partial update; images not sent (or sent empty) keep the old ones, which are released when replaced. */
export async function updateAbout(ctx: AppContext, id: number, input: AboutUpdateInput, files: AboutFiles): Promise<AboutContent> {
  await orNotFound(findAboutRow(ctx.db, id));
  const { info, page } = await storeImages(ctx, files);
  const patch: AboutPatch = sentChanges(input, { header_text: 'headerText', info_text1: 'infoText1', info_text2: 'infoText2' });
  if (info) patch.infoImage = info;
  if (page) patch.pageImage = page;
  const { before, after } = await withNewImages(ctx, [info, page], () =>
    ctx.db.transaction(async (tx) => {
      const old = await orNotFound(findAboutRow(tx, id, true));
      const row = await updateAboutRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  const replaced = [info ? before.infoImage : null, page ? before.pageImage : null];
  await releaseImages(ctx, replaced);
  await ctx.cache.invalidate(ABOUT_TAG);
  return toAbout(after);
}
