import type { FastifyInstance } from 'fastify';
import { SERVICE_MESSAGES, type Service, type ServiceUpdateInput } from '@darkroom/contracts';
import { orNotFound, ValidationError } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../lib/read-form';
import { imageFields } from '../../media/image-fields';
import { mediaUrl, processImage } from '../../media/image-pipeline';
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
    orig_image: mediaUrl(row.cover.original),
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  };
}

/** Every service, newest first (served through the response cache). */
export async function listServices(app: FastifyInstance): Promise<Service[]> {
  return (await listServiceRows(app.db)).map(toService);
}

export async function getService(app: FastifyInstance, id: number): Promise<Service> {
  return toService(await orNotFound(findServiceRow(app.db, id)));
}

const storeCover = (app: FastifyInstance, file: UploadedFile) =>
  processImage(app.storage, file, { field: 'cover_image', use: 'serviceCover' });

export interface CreateServiceInput {
  name: string;
  description: string;
  description2: string;
  status?: boolean;
}

export async function createService(app: FastifyInstance, input: CreateServiceInput, cover: UploadedFile | undefined): Promise<Service> {
  if (!cover) throw ValidationError.field('cover_image', SERVICE_MESSAGES.coverRequired);
  const stored = await storeCover(app, cover);
  const row = await withNewImages(app, [stored], () =>
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
  await orNotFound(findServiceRow(app.db, id));
  const stored = cover ? await storeCover(app, cover) : null;
  const patch: ServicePatch = sentChanges(input, {
    name: 'name',
    description: 'description',
    description2: 'description2',
    status: 'status',
  });
  if (stored) patch.cover = stored;
  const { before, after } = await withNewImages(app, [stored], () =>
    app.db.transaction(async (tx) => {
      // Locks the row so two concurrent replacements each release the cover they replaced.
      const old = await orNotFound(findServiceRow(tx, id, true));
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
  const row = await orNotFound(deleteServiceRow(app.db, id));
  await removeGallery(app, 'service', id);
  await releaseImages(app, [row.cover]);
  await app.cache.invalidate(SERVICES_TAG);
}
