import { z } from 'zod';
import { orderEndpoint } from './order';
import { imageEntityContract, imageEntityForm } from './image-entity';
import { requiredText } from './forms';
import { personEmail } from './people';
import { imageShape } from './uploads';

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
export const teamFormSchema = imageEntityForm(teamMemberSchema, 'cover_image', TEAM_MESSAGES.imageRequired);

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

export const teamApi = {
  ...imageEntityContract({
    path: '/adminportal/pages/the-team/',
    tag: 'team',
    fields: teamMemberSchema,
    patch: teamMemberUpdateSchema,
    response: teamMemberResponseSchema,
    images: ['cover_image'],
    required: TEAM_MESSAGES.imageRequired,
    summaries: { list: 'The team', create: 'Add a team member', update: 'Change a team member', remove: 'Remove a team member' },
  }),
  order: orderEndpoint('/adminportal/pages/the-team/', 'team', 'the team'),
};
