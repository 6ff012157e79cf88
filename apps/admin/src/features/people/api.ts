import { useQuery } from '@tanstack/react-query';
import { adminsApi, PEOPLE_MESSAGES, usersApi, type PersonCreateInput } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export type PersonKind = 'user' | 'admin';

/** The two lists' endpoints: the same shapes under two paths. */
const ENDPOINTS = { user: usersApi, admin: adminsApi } as const;

export const peopleKeys = {
  all: ['people'] as const,
  list: (kind: PersonKind) => ['people', kind] as const,
};

/** The spec's strings for each list. Admin deletion has none in the spec; it follows the users' pattern. */
export const KIND_TEXT = {
  user: {
    title: 'Users',
    subtitle:
      'Customers of the studio: they are assigned love stories, client galleries and gallery links. They never sign in; their details are for delivery and contact.',
    label: 'Users',
    createButton: 'Add user',
    createTooltip: 'Create user',
    createTitle: 'Create user',
    editTitle: 'Edit user',
    created: PEOPLE_MESSAGES.userCreated,
    updated: PEOPLE_MESSAGES.userUpdated,
    deleted: PEOPLE_MESSAGES.userDeleted,
    createFailed: PEOPLE_MESSAGES.userCreateFailed,
    updateFailed: PEOPLE_MESSAGES.userUpdateFailed,
    deleteFailed: PEOPLE_MESSAGES.userDeleteFailed,
  },
  admin: {
    title: 'Admins',
    subtitle: 'People who can sign in to this portal.',
    label: 'Admins',
    createButton: 'Add admin',
    createTooltip: PEOPLE_MESSAGES.createAdminTooltip,
    createTitle: 'Create admin',
    editTitle: 'Edit admin',
    created: PEOPLE_MESSAGES.adminCreated,
    updated: PEOPLE_MESSAGES.adminUpdated,
    deleted: PEOPLE_MESSAGES.adminDeleted,
    createFailed: PEOPLE_MESSAGES.adminCreateFailed,
    updateFailed: PEOPLE_MESSAGES.adminUpdateFailed,
    deleteFailed: PEOPLE_MESSAGES.adminDeleteFailed,
  },
} as const;

/** Form fields in the order a 400's messages are shown and focused. */
export const PERSON_FIELDS = ['first_name', 'last_name', 'email', 'username', 'phone', 'is_active'];

export function usePeople(kind: PersonKind) {
  return useQuery({ queryKey: peopleKeys.list(kind), queryFn: ({ signal }) => call(ENDPOINTS[kind].list, { signal }) });
}

/** Every write refreshes both lists once it settles. */
const usePeopleMutation = <V, R>(fn: (vars: V) => Promise<R>) => useInvalidatingMutation(peopleKeys.all, fn);

/** The spec's create call: JSON with first_name, last_name, email, username, phone. */
export function useCreatePerson(kind: PersonKind) {
  return usePeopleMutation((values: PersonCreateInput) => call(ENDPOINTS[kind].create, { body: { ...values } }));
}

export type PersonChanges = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone' | 'username', string>> & { is_active?: boolean };

/** The spec's update call: multipart, carrying only what the dialog decided to send. */
export function useUpdatePerson(kind: PersonKind) {
  return usePeopleMutation(({ id, changes }: { id: number; changes: PersonChanges }) =>
    call(ENDPOINTS[kind].update, { params: { id }, body: toFormData(changes) }),
  );
}

export function useDeletePerson(kind: PersonKind) {
  return usePeopleMutation((id: number) => call(ENDPOINTS[kind].remove, { params: { id } }));
}

/** What a customer holds, read when their delete confirmation opens (fresh each time). */
export function usePersonHoldings(id: number | null) {
  return useQuery({
    queryKey: [...peopleKeys.all, 'holdings', id],
    queryFn: ({ signal }) => call(usersApi.holdings, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
