import { z } from 'zod';
import { endpoint } from './endpoint';
import { pathId, requiredText } from './forms';
import { personEmail } from './people';
import { imageShape, requiredOnCreate, type FormMode } from './uploads';

/** Messages of the team screen, verbatim from the spec. */
export const TEAM_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone is required',
  titleRequired: 'Title is required',
  imageRequired: 'Profile image is required',
  created: 'Team member successfully created',
  updated: 'Team member successfully updated',
  deleted: 'Team member successfully deleted',
  createFailed: 'Team member creation failed. Try again',
  updateFailed: 'Team member update failed. Try again',
  deleteFailed: 'Team member deletion failed',
} as const;

/** The text fields of a team member; the profile image travels as the multipart part `cover_image`. */
export const teamMemberSchema = z.object({
  name: requiredText(TEAM_MESSAGES.nameRequired),
  email: personEmail(TEAM_MESSAGES.emailRequired),
  phone: requiredText(TEAM_MESSAGES.phoneRequired, 40),
  title: requiredText(TEAM_MESSAGES.titleRequired),
});
export type TeamMemberInput = z.infer<typeof teamMemberSchema>;

/** PATCH: only the sent fields change; an omitted or empty image keeps the current one. */
export const teamMemberUpdateSchema = teamMemberSchema.partial();
export type TeamMemberUpdate = z.infer<typeof teamMemberUpdateSchema>;

/** The create/edit dialog: the profile image is required on create only; on edit it is sent only if new. */
export function teamFormSchema(mode: FormMode) {
  return teamMemberSchema.extend({ cover_image: requiredOnCreate(mode, TEAM_MESSAGES.imageRequired) });
}

export const teamMemberResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
  /** URL of the profile image, and its view. */
  ...imageShape('cover_image'),
  /** ISO 8601. */
  time_created: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberResponseSchema>;

const TEAM = '/adminportal/pages/the-team/';
const byId = z.object({ id: pathId });
const profileFile = { cover_image: { maxFiles: 1 } } as const;

export const teamApi = {
  list: endpoint({ method: 'GET', path: TEAM, tag: 'team', summary: 'The team', response: z.array(teamMemberResponseSchema) }),
  create: endpoint({
    method: 'POST',
    path: TEAM,
    tag: 'team',
    summary: 'Add a team member',
    body: teamMemberSchema,
    files: profileFile,
    requiredFile: { field: 'cover_image', message: TEAM_MESSAGES.imageRequired },
    response: teamMemberResponseSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${TEAM}{id}/`,
    tag: 'team',
    summary: 'Change a team member',
    params: byId,
    body: teamMemberUpdateSchema,
    files: profileFile,
    response: teamMemberResponseSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${TEAM}{id}/`,
    tag: 'team',
    summary: 'Remove a team member',
    params: byId,
    response: null,
    status: 204,
  }),
} as const;
