import type { TeamMember, TeamMemberInput, TeamMemberUpdate } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { orNotFound } from '../../lib/errors';
import { sentChanges } from '../../lib/patch';
import type { UploadedFile } from '../../http/read-body';
import { imageFields } from '../../media/image-fields';
import { deleteWithImages, saveWithImages, type ImageUpload } from '../../media/save-with-images';
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

export function toTeamMember(row: TeamRow, cover: StoredImage): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    title: row.title,
    ...imageFields('cover_image', cover),
    time_created: row.timeCreated.toISOString(),
  };
}

async function withImages(ctx: AppContext, rows: TeamRow[]): Promise<TeamMember[]> {
  const images = await ctx.assets.images(rows.map((r) => r.coverAssetId));
  return rows.map((r) => toTeamMember(r, images.get(r.coverAssetId)!));
}

export async function listTeamMembers(ctx: AppContext): Promise<TeamMember[]> {
  return withImages(ctx, await listTeam(ctx.db));
}

const profileUpload = (file: UploadedFile): ImageUpload => ({ file, field: IMAGE_FIELD, use: 'teamProfile' });

/** Creates a team member; every text field and the profile image are required. */
export async function createTeamMember(ctx: AppContext, data: TeamMemberInput, upload: UploadedFile): Promise<TeamMember> {
  const row = await saveWithImages<TeamRow, TeamRow>(ctx, {
    images: { coverAssetId: profileUpload(upload) },
    write: (tx, ids) => insertTeamMember(tx, { ...data, coverAssetId: ids.coverAssetId! }),
    cacheTags: [TEAM_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

/** Partial update; a new image replaces the old one, whose files are released afterwards. */
export async function updateTeamMemberById(
  ctx: AppContext,
  id: number,
  input: TeamMemberUpdate,
  file: UploadedFile | undefined,
): Promise<TeamMember> {
  await orNotFound(findTeamMember(ctx.db, id));
  const patch: Partial<TeamValues> = sentChanges(input, { name: 'name', email: 'email', phone: 'phone', title: 'title' });
  const row = await saveWithImages<TeamRow, TeamRow>(ctx, {
    images: { coverAssetId: file && profileUpload(file) },
    lock: (tx) => findTeamMember(tx, id, true),
    write: async (tx, ids) => (await updateTeamMember(tx, id, { ...patch, ...ids }))!,
    cacheTags: [TEAM_CACHE_TAG],
  });
  return (await withImages(ctx, [row]))[0]!;
}

export async function deleteTeamMemberById(ctx: AppContext, id: number): Promise<void> {
  await deleteWithImages(ctx, {
    remove: (tx) => deleteTeamMember(tx, id),
    assetsOf: (row) => [row.coverAssetId],
    cacheTags: [TEAM_CACHE_TAG],
  });
}
