import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SERVICE_MESSAGES, type Service, type ServiceUpdateInput } from '@darkroom/contracts';
import { services } from '../../db/schema';
import { notFound, ValidationError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { imageView, mediaUrl, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
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
  const view = imageView(row.cover);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    description2: row.description2,
    cover_image: view.url,
    site_cover_image: view.wide ?? view.url,
    orig_image: mediaUrl(row.cover.original),
    cover_image_view: view,
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** The list as JSON text, served from the response cache. */
export function servicesJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(SERVICES_TAG, 'list', async () => (await listServiceRows(app.db)).map(toService));
}

export async function getService(app: FastifyInstance, id: number): Promise<Service> {
  const row = await findServiceRow(app.db, id);
  if (!row) throw notFound();
  return toService(row);
}

const storeCover = (app: FastifyInstance, file: UploadedFile) =>
  processImage(app.storage, file, { field: 'cover_image', use: 'serviceCover' });

/** Runs a db write; if it fails, the images stored for it are released again. */
async function withStored<T>(app: FastifyInstance, stored: StoredImage | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(app, [stored]);
    throw err;
  }
}

export interface CreateServiceInput {
  name: string;
  description: string;
  description2: string;
  status?: boolean;
}

export async function createService(app: FastifyInstance, input: CreateServiceInput, cover: UploadedFile | undefined): Promise<Service> {
  if (!cover) throw ValidationError.field('cover_image', SERVICE_MESSAGES.coverRequired);
  const stored = await storeCover(app, cover);
  const row = await withStored(app, stored, () =>
    insertServiceRow(app.db, {
      name: input.name,
      description: input.description,
      description2: input.description2,
      status: input.status ?? false,
      cover: stored,
    }),
  );
  await app.cache.invalidate(SERVICES_TAG);
  return toService(row);
}

/** Partial update: only sent fields change; no file keeps the old cover (released when replaced). */
export async function updateService(
  app: FastifyInstance,
  id: number,
  input: ServiceUpdateInput,
  cover: UploadedFile | undefined,
): Promise<Service> {
  if (!(await findServiceRow(app.db, id))) throw notFound();
  const stored = cover ? await storeCover(app, cover) : null;
  const patch: ServicePatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.description2 !== undefined) patch.description2 = input.description2;
  if (input.status !== undefined) patch.status = input.status;
  if (stored) patch.cover = stored;
  const { before, after } = await withStored(app, stored, () =>
    app.db.transaction(async (tx) => {
      // Locks the row so two concurrent replacements each release the cover they replaced.
      const [old] = await tx.select().from(services).where(eq(services.id, id)).for('update');
      if (!old) throw notFound();
      const row = await updateServiceRow(tx, id, patch);
      return { before: old, after: row! };
    }),
  );
  if (stored && before.cover.sha256 !== stored.sha256) await releaseImages(app, [before.cover]);
  await app.cache.invalidate(SERVICES_TAG);
  return toService(after);
}

/** Deletes the service, then its gallery photos, then the files nothing else uses. */
export async function deleteService(app: FastifyInstance, id: number): Promise<void> {
  const row = await deleteServiceRow(app.db, id);
  if (!row) throw notFound();
  await removeGallery(app, 'service', id);
  await releaseImages(app, [row.cover]);
  await app.cache.invalidate(SERVICES_TAG);
}
