import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, ChangePasswordResponse, LoginInput, LoginResponse, ProfileUpdateResponse } from '@darkroom/contracts';
import { api, ApiError, toFormData } from '../../api/client';

export const loginCall = (input: LoginInput) => api.post<LoginResponse>('/accounts/auth-admin/login/', { ...input });

export type ProfileChanges = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone', string>>;

/** The spec's profile call: first_name, last_name, and email/phone only when they changed. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ProfileChanges }) =>
      api.patch<ProfileUpdateResponse>(`/accounts/update-profile/${id}/`, toFormData(changes)),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ChangePasswordInput }) =>
      api.put<ChangePasswordResponse>(`/accounts/auth-admin/change-password/${id}/`, { ...values }),
  });
}

/** The first entry of a 400's non_field_errors, which the password screen shows as its message. */
export function firstNonFieldError(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  return err.fields.non_field_errors?.[0] ?? null;
}
