import type { TeamMember, TeamMemberUpdate } from '@darkroom/contracts';
import { sentChanges } from '../../lib/patch';
import { imageEntity } from '../image-entities';
import { teamRepository } from './team.repository';

/** The team: every text field and the profile image are required on create. */
export const team = imageEntity({
  repository: teamRepository,
  cacheTag: 'team',
  images: { coverAssetId: { field: 'cover_image', use: 'teamProfile' } },
  values: (body: TeamMemberUpdate) => sentChanges(body, { name: 'name', email: 'email', phone: 'phone', title: 'title' }),
  toView: (row): Partial<TeamMember> => ({ id: row.id, name: row.name, email: row.email, phone: row.phone, title: row.title }),
});
