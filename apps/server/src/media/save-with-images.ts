import type { ImageUse } from '@darkroom/contracts';
import { actorId, type AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { orNotFound } from '../lib/errors';
import { isFilesGone } from './assets';
import type { IncomingFile } from './image-pipeline';
import type { StoredImage } from './stored-image';

/** A file sent for one image field, and the rules it is checked against. */
export interface ImageUpload {
  file: IncomingFile;
  /** Form field named in a 400. */
  field: string;
  use: ImageUse;
}

/** The asset-id columns of a row (`coverAssetId`, `navImageAssetId`, ...). */
type AssetKeys<Row> = { [K in keyof Row]: K extends `${string}AssetId` ? K : never }[keyof Row];
export type AssetIds<Row> = Partial<Record<AssetKeys<Row>, number>>;

export interface SaveWithImages<Row, R> {
  /** New files by the row's asset-id column; a field left out (or undefined) keeps its image. */
  images?: Partial<Record<AssetKeys<Row>, ImageUpload | undefined>>;
  /** Locks the existing row (`for update`) in the transaction; omitted for a create. Undefined: 404. */
  lock?: (tx: DbOrTx) => Promise<Row | undefined>;
  /** The write, given the new assets' ids to store in the row. */
  write: (tx: DbOrTx, assetIds: AssetIds<Row>, before: Row | null) => Promise<R>;
  /** Cache tags dropped once the write has committed. */
  cacheTags?: string[];
}

/**
 * The one way an entity's images are saved. Files are checked, stored and derived first
 * (through the one image limit), outside any transaction; then, in one transaction, the row is
 * locked, the assets are recorded and the row written; after the commit, the assets the row no
 * longer uses are released (collected if nothing else references them) and the cache cleared.
 * If anything fails, the files stored for this call are discarded and nothing is written.
 */
export async function saveWithImages<Row extends object, R>(ctx: AppContext, op: SaveWithImages<Row, R>): Promise<R> {
  try {
    return await saveOnce(ctx, op);
  } catch (err) {
    // The same content was being collected while this call stored it: store it again, once.
    if (!isFilesGone(err)) throw err;
    return saveOnce(ctx, op);
  }
}

async function saveOnce<Row extends object, R>(ctx: AppContext, op: SaveWithImages<Row, R>): Promise<R> {
  const entries = Object.entries(op.images ?? {}).filter((e): e is [AssetKeys<Row> & string, ImageUpload] => !!e[1]);
  const stored: [AssetKeys<Row> & string, StoredImage][] = [];
  try {
    for (const [key, upload] of entries) {
      const img = await ctx.assets.ingest(upload.file, { field: upload.field, use: upload.use });
      stored.push([key, img!]);
    }
    const { result, replaced } = await ctx.db.transaction(async (tx) => {
      const before = op.lock ? await orNotFound(op.lock(tx)) : null;
      const ids = {} as AssetIds<Row>;
      for (const [key, img] of stored) ids[key] = await ctx.assets.record(tx, img, actorId(ctx));
      const result = await op.write(tx, ids, before);
      const replaced = before
        ? stored.map(([key]) => before[key] as unknown as number | null).filter((old, i) => old !== ids[stored[i]![0]])
        : [];
      return { result, replaced };
    });
    await ctx.assets.release(replaced);
    if (op.cacheTags?.length) await ctx.cache.invalidate(...op.cacheTags);
    return result;
  } catch (err) {
    await ctx.assets.discard(stored.map(([, img]) => img));
    throw err;
  }
}

/**
 * Deletes a row that owns images, in one transaction, then releases every asset it held
 * (`assetsOf` names them; `alsoHeld` collects, before the delete, assets of rows the database
 * deletes with it, such as a gallery's photos) and clears the cache.
 */
export async function deleteWithImages<Row>(
  ctx: AppContext,
  op: {
    remove: (tx: DbOrTx) => Promise<Row | undefined>;
    assetsOf: (row: Row) => (number | null | undefined)[];
    alsoHeld?: (tx: DbOrTx) => Promise<number[]>;
    cacheTags?: string[];
  },
): Promise<Row> {
  const { row, held } = await ctx.db.transaction(async (tx) => {
    const held = op.alsoHeld ? await op.alsoHeld(tx) : [];
    const row = await orNotFound(op.remove(tx));
    return { row, held };
  });
  await ctx.assets.release([...op.assetsOf(row), ...held]);
  if (op.cacheTags?.length) await ctx.cache.invalidate(...op.cacheTags);
  return row;
}
