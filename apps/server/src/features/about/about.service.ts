import type { FastifyInstance } from 'fastify';
import { ABOUT_MESSAGES, type AboutContent, type AboutFields, type AboutUpdateInput } from '@darkroom/contracts';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { imageView, processImage } from '../../media/image-pipeline';
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
  const page = row.pageImage ? imageView(row.pageImage) : null;
  const info = imageView(row.infoImage);
  return {
    id: row.id,
    header_text: row.headerText,
    info_text1: row.infoText1,
    info_text2: row.infoText2,
    page_image: page ? (page.wide ?? page.url) : null,
    page_image_view: page,
    info_image: info.url,
    info_image_view: info,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The about content as a list (the spec reads lists); it holds at most one entry. */
export function aboutJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(ABOUT_TAG, 'list', async () => (await listAboutRows(app.db)).map(toAbout));
}

export interface AboutFiles {
  infoImage?: UploadedFile;
  pageImage?: UploadedFile;
}

/** Stores the sent images; if the second fails, the first is released again. */
async function storeImages(app: FastifyInstance, files: AboutFiles): Promise<{ info: StoredImage | null; page: StoredImage | null }> {
  const info = files.infoImage ? await processImage(app.storage, files.infoImage, { field: 'info_image', use: 'aboutImage' }) : null;
  try {
    const page = files.pageImage ? await processImage(app.storage, files.pageImage, { field: 'page_image', use: 'aboutImage' }) : null;
    return { info, page };
  } catch (err) {
    await releaseImages(app, [info]);
    throw err;
  }
}

async function withStored<T>(app: FastifyInstance, stored: (StoredImage | null)[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(app, stored);
    throw err;
  }
}

export async function createAbout(app: FastifyInstance, input: AboutFields, files: AboutFiles): Promise<AboutContent> {
  if (!files.infoImage) throw ValidationError.field('info_image', ABOUT_MESSAGES.infoImageRequired);
  if (await countAboutRows(app.db)) throw new HttpError(409, ABOUT_MESSAGES.alreadyExists);
  const { info, page } = await storeImages(app, files);
  const row = await withStored(app, [info, page], () =>
    app.db.transaction(async (tx) => {
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
  await app.cache.invalidate(ABOUT_TAG);
  return toAbout(row);
}

/** Partial update; images not sent (or sent empty) keep the old ones, which are released when replaced. */
export async function updateAbout(app: FastifyInstance, id: number, input: AboutUpdateInput, files: AboutFiles): Promise<AboutContent> {
  if (!(await findAboutRow(app.db, id))) throw notFound();
  const { info, page } = await storeImages(app, files);
  const patch: AboutPatch = {};
  if (input.header_text !== undefined) patch.headerText = input.header_text;
  if (input.info_text1 !== undefined) patch.infoText1 = input.info_text1;
  if (input.info_text2 !== undefined) patch.infoText2 = input.info_text2;
  if (info) patch.infoImage = info;
  if (page) patch.pageImage = page;
  const { before, after } = await withStored(app, [info, page], () =>
    app.db.transaction(async (tx) => {
      const old = await findAboutRow(tx, id, true);
      if (!old) throw notFound();
      const row = await updateAboutRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  const replaced = [info ? before.infoImage : null, page ? before.pageImage : null];
  await releaseImages(app, replaced);
  await app.cache.invalidate(ABOUT_TAG);
  return toAbout(after);
}
