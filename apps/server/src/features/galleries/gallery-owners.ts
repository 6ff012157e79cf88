import type { ImageUse } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { requireCustomer, type CustomerName } from '../../auth/customers.repository';
import type { DbOrTx } from '../../db/client';
import type { GalleryParentType } from './galleries.repository';
import { orNotFound } from '../../lib/errors';
import type { UploadedFile } from '../../http/read-body';
import { deleteWithImages, saveWithImages } from '../../media/save-with-images';
import type { StoredImage } from '../../media/stored-image';
import type { KeyUrl } from '../../media/image-pipeline';
import { galleryAssetIds, invalidateGallery } from './galleries.service';

/** The columns every gallery owner with a customer and a cover has. */
interface OwnerRow {
  id: number;
  accountId: number | null;
  coverAssetId: number;
}

/**
 * What differs between the areas whose records own a customer's gallery (love stories, client
 * galleries): their queries, their image rules and how a record is shown. The flows are the same.
 */
export interface GalleryOwnerArea<Row extends OwnerRow, Insert, View> {
  type: GalleryParentType;
  use: ImageUse;
  userRequired: string;
  /** Response-cache tags dropped by every write (a public page may show the records). */
  cacheTags?: string[];
  list(db: DbOrTx): Promise<{ row: Row; owner: CustomerName | null }[]>;
  find(db: DbOrTx, id: number): Promise<{ row: Row; owner: CustomerName | null } | undefined>;
  /** The row alone, locked (for update) until the transaction ends. */
  lock(tx: DbOrTx, id: number): Promise<Row | undefined>;
  insert(tx: DbOrTx, values: Insert & { accountId: number; coverAssetId: number }): Promise<Row>;
  update(tx: DbOrTx, id: number, values: Partial<Insert> & { accountId?: number; coverAssetId?: number }): Promise<Row | undefined>;
  remove(tx: DbOrTx, id: number): Promise<Row | undefined>;
  toView(row: Row, owner: CustomerName | null, cover: StoredImage, url?: KeyUrl): View;
  /** The owner's images are private (client galleries): views carry the portal's signed URLs. */
  privateImages?: boolean;
}

/** The fields a PATCH actually sent (a parsed partial schema leaves the others out). */
export const sentKeys = (data: object): Set<string> =>
  new Set(
    Object.entries(data)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k),
  );

/** List, read, create, update (cover, customer, fields, status) and delete, shared by gallery owners. */
export function galleryOwnerService<Row extends OwnerRow, Insert, View>(area: GalleryOwnerArea<Row, Insert, View>) {
  const cover = (file: UploadedFile) => ({ file, field: 'cover_image', use: area.use });
  const views = async (ctx: AppContext, found: { row: Row; owner: CustomerName | null }[]) => {
    const images = await ctx.assets.images(found.map((f) => f.row.coverAssetId));
    const url = area.privateImages ? await ctx.assets.adminUrls() : undefined;
    return found.map((f) => area.toView(f.row, f.owner, images.get(f.row.coverAssetId)!, url));
  };
  return {
    async list(ctx: AppContext): Promise<View[]> {
      return views(ctx, await area.list(ctx.db));
    },

    async byId(ctx: AppContext, id: number): Promise<View> {
      return (await views(ctx, [await orNotFound(area.find(ctx.db, id))]))[0]!;
    },

    async create(ctx: AppContext, user: number, values: Insert, file: UploadedFile): Promise<View> {
      const owner = await requireCustomer(ctx.db, user, 'user', area.userRequired);
      const row = await saveWithImages<Row, Row>(ctx, {
        cacheTags: area.cacheTags,
        images: { coverAssetId: cover(file) } as never,
        write: (tx, ids) =>
          area.insert(tx, { ...values, accountId: owner.id, coverAssetId: (ids as { coverAssetId: number }).coverAssetId }),
      });
      return (await views(ctx, [{ row, owner }]))[0]!;
    },

    /**
     * PATCH: `changes` gives the field changes from the record as it is; `user` a new customer;
     * a file a new cover (the old one is released). Nothing sent answers the record as it is.
     */
    async update(
      ctx: AppContext,
      id: number,
      input: { user?: number; changes: (before: Row) => Partial<Insert> },
      file: UploadedFile | undefined,
    ): Promise<View> {
      const existing = await orNotFound(area.find(ctx.db, id));
      let owner = existing.owner;
      if (input.user !== undefined) owner = await requireCustomer(ctx.db, input.user, 'user', area.userRequired);
      const row = await saveWithImages<Row, Row>(ctx, {
        cacheTags: area.cacheTags,
        images: { coverAssetId: file && cover(file) } as never,
        lock: (tx) => area.lock(tx, id),
        write: async (tx, ids, before) => {
          const patch = { ...input.changes(before!), ...(input.user !== undefined ? { accountId: input.user } : {}), ...ids };
          return Object.keys(patch).length ? (await area.update(tx, id, patch))! : before!;
        },
      });
      return (await views(ctx, [{ row, owner }]))[0]!;
    },

    /** Deletes the record; the database deletes its gallery; then the files nothing else uses. */
    async remove(ctx: AppContext, id: number): Promise<void> {
      await deleteWithImages(ctx, {
        cacheTags: area.cacheTags,
        alsoHeld: (tx) => galleryAssetIds(tx, area.type, id),
        remove: (tx) => area.remove(tx, id),
        assetsOf: (row) => [row.coverAssetId],
      });
      await invalidateGallery(ctx, area.type, id);
    },
  };
}
