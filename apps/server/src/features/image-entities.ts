import type { FastifyInstance } from 'fastify';
import type { EndpointSpec, ImageUse, RecordOrder } from '@darkroom/contracts';
import type { AppContext } from '../context';
import { HttpError, orNotFound } from '../lib/errors';
import { firstFile, type UploadedFile } from '../http/read-body';
import { route } from '../http/route';
import { imageFields } from '../media/image-fields';
import { deleteWithImages, saveWithImages, type ImageUpload, type SaveWithImages } from '../media/save-with-images';
import { saveRecordOrder } from './ordering';
import type { EntityInsert, EntityRepository, EntityRow, EntityTable } from './image-entities.repository';

type AssetKey<T extends EntityTable> = Extract<keyof EntityRow<T>, `${string}AssetId`>;

/** The file sent for each image column (absent: the image is kept). */
export type EntityFiles<T extends EntityTable> = Partial<Record<AssetKey<T>, UploadedFile>>;

/**
 * What differs between the areas whose records are text fields and images (home gallery, team,
 * carousel, about, page images, service page): their table, images, fields and response.
 */
export interface ImageEntityArea<T extends EntityTable, Body, View> {
  /** The area's table, through the generic queries (`entityRepository`). */
  repository: EntityRepository<T>;
  /** Response-cache tag of the list, dropped by every write. */
  cacheTag: string;
  /** Each image column: its form and response field, its rules, and whether its URL is the 16:9 crop. */
  images: { [K in AssetKey<T>]?: { field: string; use: ImageUse; wide?: boolean } };
  /** The column values a create or PATCH body gives (a PATCH: only what was sent). */
  values(body: Body, files: EntityFiles<T>): Partial<EntityInsert<T>>;
  /** The response's own fields; the images and times are added. */
  toView(row: EntityRow<T>): Partial<View>;
  /** A single-record area: listed as zero or one, and a second create is a 409 with `exists`. */
  single?: { lockId: number; exists: string };
}

/** List, read, create, update and delete, with the images saved and released by `saveWithImages`. */
export function imageEntity<T extends EntityTable, Body, View>(area: ImageEntityArea<T, Body, View>) {
  const repo = area.repository;
  const images = Object.entries(area.images) as [AssetKey<T>, { field: string; use: ImageUse; wide?: boolean }][];
  const tags = [area.cacheTag];
  const uploads = (files: EntityFiles<T>) =>
    Object.fromEntries(
      images.map(([key, img]) => [key, files[key] && ({ file: files[key], field: img.field, use: img.use } satisfies ImageUpload)]),
    ) as SaveWithImages<EntityRow<T>, unknown>['images'];
  const assetIds = (row: EntityRow<T>) => images.map(([key]) => row[key] as number | null);
  const views = async (ctx: AppContext, rows: EntityRow<T>[]): Promise<View[]> => {
    const stored = await ctx.assets.images(rows.flatMap(assetIds));
    return rows.map((row) => {
      const view: Record<string, unknown> = { ...area.toView(row) };
      for (const [key, img] of images) {
        const id = row[key] as number | null;
        Object.assign(view, imageFields(img.field, id === null ? null : (stored.get(id) ?? null), { wide: img.wide }));
      }
      view.time_created = row.timeCreated.toISOString();
      view.time_updated = row.timeUpdated.toISOString();
      return view as View;
    });
  };
  const one = async (ctx: AppContext, row: EntityRow<T>) => (await views(ctx, [row]))[0]!;
  const exists = async (db: AppContext['db']) => {
    if (area.single && (await repo.first(db))) throw new HttpError(409, area.single.exists);
  };

  return {
    cacheTag: area.cacheTag,

    /** The files of a request, by image column. */
    files: (files: Record<string, UploadedFile[]>): EntityFiles<T> =>
      Object.fromEntries(images.map(([key, img]) => [key, firstFile(files, img.field)])) as EntityFiles<T>,

    async list(ctx: AppContext): Promise<View[]> {
      if (!area.single) return views(ctx, await repo.list(ctx.db));
      const row = await repo.first(ctx.db);
      return row ? [await one(ctx, row)] : [];
    },

    async byId(ctx: AppContext, id: number): Promise<View> {
      return one(ctx, await orNotFound(repo.find(ctx.db, id)));
    },

    async create(ctx: AppContext, body: Body, files: EntityFiles<T>): Promise<View> {
      await exists(ctx.db);
      const row = await saveWithImages<EntityRow<T>, EntityRow<T>>(ctx, {
        images: uploads(files),
        write: async (tx, ids) => {
          if (area.single) {
            // Another admin may have created the record while this image was being processed.
            await repo.lockCreate(tx, area.single.lockId);
            await exists(tx);
          }
          return repo.insert(tx, { ...area.values(body, files), ...ids } as EntityInsert<T>);
        },
        cacheTags: tags,
      });
      return one(ctx, row);
    },

    /** Partial update: the sent fields, and the images sent anew (the old ones are released). */
    async update(ctx: AppContext, id: number, body: Body, files: EntityFiles<T>): Promise<View> {
      await orNotFound(repo.find(ctx.db, id));
      const changes = area.values(body, files);
      const row = await saveWithImages<EntityRow<T>, EntityRow<T>>(ctx, {
        images: uploads(files),
        lock: (tx) => repo.find(tx, id, true),
        write: async (tx, ids) => (await repo.update(tx, id, { ...changes, ...ids }))!,
        cacheTags: tags,
      });
      return one(ctx, row);
    },

    /** Saves the order of every record (an ordered area only). */
    async order(ctx: AppContext, ids: number[]): Promise<RecordOrder> {
      if (!repo.order) throw new Error('not an ordered area');
      return saveRecordOrder(ctx, { repository: repo.order, cacheTags: tags }, ids);
    },

    async remove(ctx: AppContext, id: number): Promise<void> {
      await deleteWithImages(ctx, { remove: (tx) => repo.remove(tx, id), assetsOf: assetIds, cacheTags: tags });
    },
  };
}

type ImageEntity = ReturnType<typeof imageEntity<EntityTable, never, unknown>>;

/** The endpoints of an image-entity area, as contracts' `imageEntityContract` declares them. */
interface EntityApi {
  list: EndpointSpec;
  create: EndpointSpec;
  update: EndpointSpec;
  get?: EndpointSpec;
  remove?: EndpointSpec;
  order?: EndpointSpec;
}

/** Registers an area's list (cached), create, update and, where declared, read, delete and order routes. */
export function imageEntityRoutes(app: FastifyInstance, api: EntityApi, entity: ImageEntity): void {
  // The endpoints' literal types are the area's; the entity's methods take what they declare.
  const byId = (params: unknown) => (params as { id: number }).id;
  route(app, api.list, ({ ctx, cached }) => cached(entity.cacheTag, 'list', () => entity.list(ctx) as never));
  route(app, api.create, ({ ctx, body, files }) => entity.create(ctx, body as never, entity.files(files)) as never);
  route(app, api.update, ({ ctx, params, body, files }) => entity.update(ctx, byId(params), body as never, entity.files(files)) as never);
  if (api.get) route(app, api.get, ({ ctx, params }) => entity.byId(ctx, byId(params)) as never);
  if (api.remove) route(app, api.remove, ({ ctx, params }) => entity.remove(ctx, byId(params)));
  if (api.order) route(app, api.order, ({ ctx, body }) => entity.order(ctx, (body as RecordOrder).ids) as never);
}
