import { teamApi } from '@darkroom/contracts';
import { useEntityList, useEntityOrder, useEntityRemove, useEntitySave } from '../../api/image-entities';

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

export const useTeam = () => useEntityList(teamKeys.list, teamApi);

/** The spec's create and update calls: multipart with cover_image (when chosen), name, email, phone, title. */
export const useSaveTeamMember = () => useEntitySave<TeamWrite>(teamKeys.list, teamApi);

export const useDeleteTeamMember = () => useEntityRemove(teamKeys.list, teamApi);

/** Saves the order the website shows them in. */
export const useOrderTeam = () => useEntityOrder(teamKeys.list, teamApi);
