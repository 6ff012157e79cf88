import { z } from 'zod';
import { requiredText } from './forms';
import { personEmail } from './people';
import { requiredOnCreate, type ApiImageView, type FormMode } from './uploads';

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

/** The create/edit dialog: the profile image is required on create only; on edit it is sent only if new. */
export function teamFormSchema(mode: FormMode) {
  return teamMemberSchema.extend({ cover_image: requiredOnCreate(mode, TEAM_MESSAGES.imageRequired) });
}
export type TeamFormValues = z.input<ReturnType<typeof teamFormSchema>>;

export interface TeamMember {
  id: number;
  name: string;
  email: string;
  phone: string;
  title: string;
  /** URL of the profile image. */
  cover_image: string;
  cover_image_view: ApiImageView;
  /** ISO 8601. */
  time_created: string;
}
