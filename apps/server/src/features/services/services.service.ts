import { originalUrl, type Service, type ServiceUpdateInput } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
import { releaseImages } from '../../media/release-images';
import { removeGallery } from '../galleries/galleries.service';
import {
  deleteServiceRow,
  findServiceRow,
  insertServiceRow,
  listServiceRows,
  updateServiceRow,
  type ServicePatch,
  type ServiceRow,
} from './services.repository';

/** Cache tag of every services response. */
export const SERVICES_TAG = 'services';

export function toService(row: ServiceRow): Service {
  const cover = imageFields('cover_image', row.cover);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    description2: row.description2,
    ...cover,
    site_cover_image: cover.cover_image_view.wide ?? cover.cover_image,
    orig_image: originalUrl(row.cover.sha256),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** Every service, newest first (served through the response cache). */
export async function listServices(ctx: AppContext): Promise<Service[]> {
  return (await listServiceRows(ctx.db)).map(toService);
}

export async function getService(ctx: AppContext, id: number): Promise<Service> {
  return toService(await orNotFound(findServiceRow(ctx.db, id)));
}

const storeCover = (ctx: AppContext, file: UploadedFile) => processImage(ctx.storage, file, { field: 'cover_image', use: 'serviceCover' });

export interface CreateServiceInput {
  name: string;
  description: string;
  description2: string;
  status?: boolean;
}

export async function createService(ctx: AppContext, input: CreateServiceInput, cover: UploadedFile): Promise<Service> {
  const stored = await storeCover(ctx, cover);
  const row = await withNewImages(ctx, [stored], () =>
    insertServiceRow(ctx.db, {
      name: input.name,
      description: input.description,
      description2: input.description2,
      status: input.status ?? false,
      cover: stored,
    }),
  );
  await ctx.cache.invalidate(SERVICES_TAG);
  return toService(row);
}

/** Partial update: only sent fields change; no file keeps the old cover (released when replaced). */
export async function updateService(
  ctx: AppContext,
  id: number,
  input: ServiceUpdateInput,
  cover: UploadedFile | undefined,
): Promise<Service> {
  await orNotFound(findServiceRow(ctx.db, id));
  const stored = cover ? await storeCover(ctx, cover) : null;
  const patch: ServicePatch = sentChanges(input, {
    name: 'name',
    description: 'description',
    description2: 'description2',
    status: 'status',
  });
  if (stored) patch.cover = stored;
  const { before, after } = await withNewImages(ctx, [stored], () =>
    ctx.db.transaction(async (tx) => {
      // Locks the row so two concurrent replacements each release the cover they replaced.
      const old = await orNotFound(findServiceRow(tx, id, true));
      const row = await updateServiceRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  if (stored && before.cover.sha256 !== stored.sha256) await releaseImages(ctx, [before.cover]);
  await ctx.cache.invalidate(SERVICES_TAG);
  return toService(after);
}

/** Deletes the service, then its gallery photos, then the files nothing else uses. */
export async function deleteService(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deleteServiceRow(ctx.db, id));
  await removeGallery(ctx, 'service', id);
  await releaseImages(ctx, [row.cover]);
  await ctx.cache.invalidate(SERVICES_TAG);
}
