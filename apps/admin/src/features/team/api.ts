import { useQuery } from '@tanstack/react-query';
import { teamApi } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation, type UploadProgress as Progress } from '../../api/mutations';

export const teamKeys = { list: ['team', 'list'] as const };

/** Form fields in the order a 400's messages are shown and focused. */
export const TEAM_FIELDS = ['name', 'email', 'phone', 'title', 'cover_image'];

export interface TeamWrite {
  name: string;
  email: string;
  phone: string;
  title: string;
  /** Sent only when a file was chosen (toFormData drops null). */
  cover_image: File | null;
}

export function useTeam() {
  return useQuery({ queryKey: teamKeys.list, queryFn: ({ signal }) => call(teamApi.list, { signal }) });
}

/** Every write refreshes the list once it settles. */
const useTeamMutation = <V, R>(call: (vars: V) => Promise<R>) => useInvalidatingMutation(teamKeys.list, call);

/** The spec's create call: multipart with cover_image, name, email, phone, title. */
export function useCreateTeamMember() {
  return useTeamMutation(
    ({ values, onProgress }: { values: TeamWrite; onProgress?: Progress }) =>
      send(teamApi.create, { form: toFormData({ ...values }), onProgress }).promise,
  );
}

/** The same fields; cover_image left out when no new file was chosen. */
export function useUpdateTeamMember() {
  return useTeamMutation(
    ({ id, values, onProgress }: { id: number; values: TeamWrite; onProgress?: Progress }) =>
      send(teamApi.update, { params: { id }, form: toFormData({ ...values }), onProgress }).promise,
  );
}

export function useDeleteTeamMember() {
  return useTeamMutation((id: number) => call(teamApi.remove, { params: { id } }));
}
