import { AUDIT_ACTIONS } from './audit';
import { z } from 'zod';
import { userDetailsSchema } from './auth';
import { endpoint } from './endpoint';
import { pathId, requiredText } from './forms';
import { PEOPLE_MESSAGES, PERSON_LIMITS, personEmail } from './people';

/** Messages of My account and Change password, verbatim from the spec where it names them. */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Account profile successfully updated',
  profileUpdateFailed: 'Account profile update failed',
  passwordUpdated: 'Password successfully updated',
  passwordUpdateFailed: 'Password update failed',
  oldPasswordRequired: 'Old password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm password is required',
  oldPasswordWrong: 'Your old password was entered incorrectly. Please enter it again.',
  passwordMismatch: "The two password fields didn't match.",
  passwordTooShort: 'The new password must contain at least 8 characters.',
  passwordTooLong: 'The new password must contain at most 128 characters.',
  passwordUnchanged: 'The new password must be different from the old password.',
  notOwnAccount: 'You can only change your own account.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The profile form. Names are required; email and phone are required only when the account has
 * none yet, so the form builds its schema from what the account currently holds.
 */
export function profileSchema(current: { email: string; phone: string }) {
  // With a value on file, a blank field keeps it; with none, the field is required.
  const optionalWhenSet = <T extends z.ZodType>(schema: T, has: boolean) =>
    has ? z.preprocess((v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional()) : schema;
  return z.object({
    first_name: requiredText(PEOPLE_MESSAGES.firstNameRequired, PERSON_LIMITS.name),
    last_name: requiredText(PEOPLE_MESSAGES.lastNameRequired, PERSON_LIMITS.name),
    email: optionalWhenSet(personEmail(PEOPLE_MESSAGES.emailRequired), !!current.email),
    phone: optionalWhenSet(requiredText(PEOPLE_MESSAGES.phoneRequired, PERSON_LIMITS.phone), !!current.phone),
  });
}
export type ProfileFormValues = { first_name: string; last_name: string; email: string; phone: string };

/** The answer to a profile update: the account as the session keeps it. */
export const profileUpdateResponseSchema = z.object({ status: z.boolean(), userDetails: userDetailsSchema });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/**
 * What a profile update takes. Whether email and phone are required depends on what the
 * account holds, so the server checks that against the account (profileSchema).
 */
export const profileUpdateRequestSchema = z.object({
  first_name: z.unknown().optional(),
  last_name: z.unknown().optional(),
  email: z.unknown().optional(),
  phone: z.unknown().optional(),
});

const secret = (message: string) => z.string({ error: message }).min(1, { error: message });

/** The fields of a password change, as the API takes them. */
export const changePasswordSchema = z.object({
  old_password: secret(ACCOUNT_MESSAGES.oldPasswordRequired),
  password: secret(ACCOUNT_MESSAGES.newPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong }),
  password2: secret(ACCOUNT_MESSAGES.confirmPasswordRequired),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The screen's form (old, new, confirm); the mismatch shows against the confirm field. */
export const changePasswordFormSchema = changePasswordSchema.superRefine((v, ctx) => {
  if (v.password !== v.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: ACCOUNT_MESSAGES.passwordMismatch });
});

export const changePasswordResponseSchema = z.object({ status: z.boolean(), detail: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

const byId = z.object({ id: pathId });

export const accountApi = {
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/accounts/update-profile/{id}/',
    tag: 'account',
    summary: "Change the signed-in admin's own profile",
    params: byId,
    body: profileUpdateRequestSchema,
    response: profileUpdateResponseSchema,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/accounts/auth-admin/change-password/{id}/',
    audit: AUDIT_ACTIONS.passwordChange,
    tag: 'account',
    summary: "Change the signed-in admin's own password (other sessions are signed out)",
    params: byId,
    body: changePasswordSchema,
    response: changePasswordResponseSchema,
  }),
} as const;
