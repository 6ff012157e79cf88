import { useMutation } from '@tanstack/react-query';
import { accountApi, type ChangePasswordInput } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call } from '../../api/endpoints';

export type ProfileChanges = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone', string>>;

/** The spec's profile call: first_name, last_name, and email/phone only when they changed. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ProfileChanges }) =>
      call(accountApi.updateProfile, { params: { id }, body: toFormData(changes) }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ChangePasswordInput }) =>
      call(accountApi.changePassword, { params: { id }, body: { ...values } }),
  });
}
