import type { FastifyInstance } from 'fastify';
import {
  TEAM_MESSAGES,
  teamMemberSchema,
  teamMemberUpdateSchema,
  toFieldErrors,
  type FieldErrors,
  type TeamMember,
} from '@darkroom/contracts';
import { notFound, ValidationError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/read-form';
import { displayUrl, imageView, processImage } from '../../media/image-pipeline';
import { releaseImages } from '../../media/release-images';
import type { StoredImage } from '../../media/stored-image';
import {
  deleteTeamMember,
  findTeamMember,
  insertTeamMember,
  listTeam,
  updateTeamMember,
  type TeamRow,
  type TeamValues,
} from './team.repository';

export const TEAM_CACHE_TAG = 'team';
const IMAGE_FIELD = 'cover_image';

export function toTeamMember(row: TeamRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    title: row.title,
    cover_image: displayUrl(row.cover),
    cover_image_view: imageView(row.cover),
    time_created: row.timeCreated.toISOString(),
  };
}

export async function listTeamJson(app: FastifyInstance): Promise<string> {
  return app.cache.json(TEAM_CACHE_TAG, 'all', async () => (await listTeam(app.db)).map(toTeamMember));
}

const storeProfileImage = (app: FastifyInstance, file: UploadedFile) =>
  processImage(app.storage, file, { field: IMAGE_FIELD, use: 'teamProfile' });

/** Creates a team member; every text field and the profile image are required. */
export async function createTeamMember(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<TeamMember> {
  // Report the text fields and the missing image together, as the form shows them together.
  const parsed = teamMemberSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  if (!file) errors[IMAGE_FIELD] = [TEAM_MESSAGES.imageRequired];
  if (!parsed.success || !file) throw new ValidationError(errors);

  const cover = await storeProfileImage(app, file);
  let row: TeamRow;
  try {
    row = await insertTeamMember(app.db, { ...parsed.data, cover });
  } catch (err) {
    await releaseImages(app, [cover]);
    throw err;
  }
  await app.cache.invalidate(TEAM_CACHE_TAG);
  return toTeamMember(row);
}

/** Partial update; a new image replaces the old one, whose files are released afterwards. */
export async function updateTeamMemberById(
  app: FastifyInstance,
  id: number,
  fields: Record<string, unknown>,
  file: UploadedFile | undefined,
): Promise<TeamMember> {
  const current = await findTeamMember(app.db, id);
  if (!current) throw notFound();
  const parsed = teamMemberUpdateSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));

  const patch: Partial<TeamValues> = {};
  for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) patch[k as 'name'] = v;
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeProfileImage(app, file);
  let row: TeamRow | undefined;
  try {
    row = await updateTeamMember(app.db, id, patch);
  } catch (err) {
    await releaseImages(app, [cover]);
    throw err;
  }
  if (!row) {
    // Deleted by someone else meanwhile.
    await releaseImages(app, [cover]);
    throw notFound();
  }
  if (cover) await releaseImages(app, [current.cover]);
  await app.cache.invalidate(TEAM_CACHE_TAG);
  return toTeamMember(row);
}

export async function deleteTeamMemberById(app: FastifyInstance, id: number): Promise<void> {
  const row = await deleteTeamMember(app.db, id);
  if (!row) throw notFound();
  await releaseImages(app, [row.cover]);
  await app.cache.invalidate(TEAM_CACHE_TAG);
}
