import type { FastifyInstance } from 'fastify';
import { TEAM_MESSAGES, teamMemberSchema, teamMemberUpdateSchema, type TeamMember } from '@darkroom/contracts';
import { orNotFound } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../lib/read-form';
import { validate, validateWithFile } from '../../lib/validate';
import { imageFields } from '../../media/image-fields';
import { processImage } from '../../media/image-pipeline';
import { withNewImages } from '../../media/new-images';
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
    ...imageFields('cover_image', row.cover),
    time_created: row.timeCreated.toISOString(),
  };
}

export async function listTeamMembers(app: FastifyInstance): Promise<TeamMember[]> {
  return (await listTeam(app.db)).map(toTeamMember);
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
  const { data, file: upload } = validateWithFile(teamMemberSchema, fields, {
    field: IMAGE_FIELD,
    value: file,
    missing: TEAM_MESSAGES.imageRequired,
  });
  const cover = await storeProfileImage(app, upload);
  const row = await withNewImages(app, [cover], () => insertTeamMember(app.db, { ...data, cover }));
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
  const current = await orNotFound(findTeamMember(app.db, id));
  const input = validate(teamMemberUpdateSchema, fields);

  const patch: Partial<TeamValues> = sentChanges(input, { name: 'name', email: 'email', phone: 'phone', title: 'title' });
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeProfileImage(app, file);
  // orNotFound: deleted by someone else meanwhile.
  const row = await withNewImages(app, [cover], () => orNotFound(updateTeamMember(app.db, id, patch)));
  if (cover) await releaseImages(app, [current.cover]);
  await app.cache.invalidate(TEAM_CACHE_TAG);
  return toTeamMember(row);
}

export async function deleteTeamMemberById(app: FastifyInstance, id: number): Promise<void> {
  const row = await orNotFound(deleteTeamMember(app.db, id));
  await releaseImages(app, [row.cover]);
  await app.cache.invalidate(TEAM_CACHE_TAG);
}
