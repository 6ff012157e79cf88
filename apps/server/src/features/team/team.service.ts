import type { TeamMember, TeamMemberInput, TeamMemberUpdate } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
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

export async function listTeamMembers(ctx: AppContext): Promise<TeamMember[]> {
  return (await listTeam(ctx.db)).map(toTeamMember);
}

const storeProfileImage = (ctx: AppContext, file: UploadedFile) =>
  processImage(ctx.storage, file, { field: IMAGE_FIELD, use: 'teamProfile' });

/** Creates a team member; every text field and the profile image are required. */
export async function createTeamMember(ctx: AppContext, data: TeamMemberInput, upload: UploadedFile): Promise<TeamMember> {
  const cover = await storeProfileImage(ctx, upload);
  const row = await withNewImages(ctx, [cover], () => insertTeamMember(ctx.db, { ...data, cover }));
  await ctx.cache.invalidate(TEAM_CACHE_TAG);
  return toTeamMember(row);
}

/** Partial update; a new image replaces the old one, whose files are released afterwards. */
export async function updateTeamMemberById(
  ctx: AppContext,
  id: number,
  input: TeamMemberUpdate,
  file: UploadedFile | undefined,
): Promise<TeamMember> {
  const current = await orNotFound(findTeamMember(ctx.db, id));

  const patch: Partial<TeamValues> = sentChanges(input, { name: 'name', email: 'email', phone: 'phone', title: 'title' });
  let cover: StoredImage | undefined;
  if (file) patch.cover = cover = await storeProfileImage(ctx, file);
  // orNotFound: deleted by someone else meanwhile.
  const row = await withNewImages(ctx, [cover], () => orNotFound(updateTeamMember(ctx.db, id, patch)));
  if (cover) await releaseImages(ctx, [current.cover]);
  await ctx.cache.invalidate(TEAM_CACHE_TAG);
  return toTeamMember(row);
}

export async function deleteTeamMemberById(ctx: AppContext, id: number): Promise<void> {
  const row = await orNotFound(deleteTeamMember(ctx.db, id));
  await releaseImages(ctx, [row.cover]);
  await ctx.cache.invalidate(TEAM_CACHE_TAG);
}
