import { useQuery } from '@tanstack/react-query';
import { usersApi } from '@darkroom/contracts';
import { call } from '../api/endpoints';

/**
 * The customers a love story, client gallery or gallery link can belong to: the users list
 * (admins are never offered). Same cache entry as the Users screen, so a user added or removed
 * there shows here at once; read fresh whenever a dialog opens.
 */
export function useCustomers() {
  return useQuery({
    queryKey: ['people', 'user'],
    queryFn: ({ signal }) => call(usersApi.list, { signal }),
    staleTime: 0,
  });
}
