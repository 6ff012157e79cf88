import { useQuery } from '@tanstack/react-query';
import type { PersonAccount } from '@darkroom/contracts';
import { api } from '../api/client';

/**
 * The customers a love story, client gallery or gallery link can belong to: the users list
 * (admins are never offered). Same cache entry as the Users screen, so a user added or removed
 * there shows here at once; read fresh whenever a dialog opens.
 */
export function useCustomers() {
  return useQuery({
    queryKey: ['people', 'user'],
    queryFn: ({ signal }) => api.get<PersonAccount[]>('/adminportal/manage-users/', signal),
    staleTime: 0,
  });
}
