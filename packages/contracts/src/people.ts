import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, NUL_MESSAGE, optionalText, pathId, requiredText } from './forms';

/** Messages of the users (customers) and admins screens, verbatim from the spec where it names them. */
export const PEOPLE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  usernameRequired: 'Username is required',
  emailInvalid: 'Enter a valid email address.',
  usernameInvalid: 'Enter a valid username. It may contain only letters, numbers, and @/./+/-/_ characters.',
  usernameTaken: 'A user with that username already exists.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastAdmin: 'The last active admin cannot be removed or deactivated.',
  userCreated: 'User successfully created',
  userUpdated: 'User successfully updated',
  userDeleted: 'User successfully deleted',
  userCreateFailed: 'User creation failed. Try again',
  userUpdateFailed: 'User update failed. Try again',
  userDeleteFailed: 'User deletion failed',
  adminCreated: 'Admin successfully created',
  adminUpdated: 'Admin successfully updated',
  adminCreateFailed: 'Admin creation failed',
  adminUpdateFailed: 'Admin update failed',
  /** Admin deletion messages are not in the spec; they follow the users' pattern. */
  adminDeleted: 'Admin successfully deleted',
  adminDeleteFailed: 'Admin deletion failed',
  createAdminTooltip: 'Create admin',
  statusActive: 'Active',
  statusInactive: 'inactive',
} as const;

/** The spec's status label: 'Active' when is_active, otherwise 'inactive'. */
export const accountStatusLabel = (isActive: boolean) => (isActive ? PEOPLE_MESSAGES.statusActive : PEOPLE_MESSAGES.statusInactive);

export const PERSON_LIMITS = { name: 150, email: 254, phone: 40, username: 150 } as const;

/** Letters, digits and @ . + - _ (the usual username alphabet). */
const USERNAME_PATTERN = /^[\w.@+-]+$/;

export const personEmail = (required: string) =>
  requiredText(required, PERSON_LIMITS.email).pipe(z.email({ error: PEOPLE_MESSAGES.emailInvalid }));

const fields = {
  first_name: requiredText(PEOPLE_MESSAGES.firstNameRequired, PERSON_LIMITS.name),
  last_name: requiredText(PEOPLE_MESSAGES.lastNameRequired, PERSON_LIMITS.name),
  email: personEmail(PEOPLE_MESSAGES.emailRequired),
  phone: requiredText(PEOPLE_MESSAGES.phoneRequired, PERSON_LIMITS.phone),
};

/** Create a user or an admin: every field required, username included. */
export const personCreateSchema = z.object({
  ...fields,
  username: requiredText(PEOPLE_MESSAGES.usernameRequired, PERSON_LIMITS.username).pipe(
    z.string().regex(USERNAME_PATTERN, { error: PEOPLE_MESSAGES.usernameInvalid }),
  ),
});
export type PersonCreateInput = z.infer<typeof personCreateSchema>;

/**
 * The edit form: names, email and phone required as on create; username optional (blank keeps
 * the current one); is_active toggles the account.
 */
export const personEditSchema = z.object({
  ...fields,
  username: optionalText(PERSON_LIMITS.username).pipe(
    z.string().refine((v) => v === '' || USERNAME_PATTERN.test(v), { error: PEOPLE_MESSAGES.usernameInvalid }),
  ),
  is_active: formBoolean,
});
export type PersonEditInput = z.input<typeof personEditSchema>;

/** PATCH: only the fields sent change; a field that is sent must still be valid. */
export const personUpdateSchema = personEditSchema.partial();
export type PersonUpdateInput = z.infer<typeof personUpdateSchema>;

/** A user or admin as the lists return them; password fields are never part of it. */
export const personAccountSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  /** ISO 8601. */
  date_joined: z.string(),
  is_active: z.boolean(),
  /** ISO 8601, or null when the account never signed in. */
  last_login: z.string().nullable(),
});
export type PersonAccount = z.infer<typeof personAccountSchema>;

/** The answer to a create: the account, and its temporary password, shown this once. */
export const personCreatedSchema = personAccountSchema.extend({
  temporary_password: z.string(),
  /** Whether the welcome e-mail with the temporary password went out. */
  email_sent: z.boolean(),
});
export type PersonCreated = z.infer<typeof personCreatedSchema>;

/** Users and admins: the same shapes under two paths. */
const peopleEndpoints = <const B extends string>(base: B, tag: string, who: string) => {
  const byId = z.object({ id: pathId });
  return {
    list: endpoint({ method: 'GET', path: base, tag, summary: `Every ${who}`, response: z.array(personAccountSchema) }),
    update: endpoint({
      method: 'PATCH',
      path: `${base}{id}/`,
      tag,
      summary: `Change a ${who}; is_active false deactivates and signs them out`,
      params: byId,
      body: personUpdateSchema,
      response: personAccountSchema,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}{id}/`,
      tag,
      summary: `Delete a ${who}`,
      params: byId,
      response: null,
      status: 204,
    }),
  };
};

/**
 * What a customer holds: deleting them is refused while they own client galleries or love
 * stories (those would be left with no customer); their gallery links go with them.
 */
export const personHoldingsSchema = z.object({
  client_galleries: z.array(z.string()),
  love_stories: z.array(z.string()),
  gallery_links: z.number().int(),
});
export type PersonHoldings = z.infer<typeof personHoldingsSchema>;

/** The refusal of a customer's deletion, naming what they still own. */
export function userOwnsContentMessage(h: Pick<PersonHoldings, 'client_galleries' | 'love_stories'>): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const owned = [
    h.client_galleries.length ? count(h.client_galleries.length, 'client gallery', 'client galleries') : '',
    h.love_stories.length ? count(h.love_stories.length, 'love story', 'love stories') : '',
  ].filter(Boolean);
  return `This user still owns ${owned.join(' and ')}. Assign them to another user or delete them first.`;
}

/** How many customers one search answers by default, and at most. */
export const CUSTOMER_SEARCH_LIMIT = 50;
export const CUSTOMER_SEARCH_MAX = 100;

/** Longer than any field it is matched against (an e-mail), so a longer text can match nothing. */
export const CUSTOMER_QUERY_MAX = PERSON_LIMITS.email;

/** The customer picker's search: text matched anywhere in a name, username or e-mail. */
export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Send the search text once.' })
    .trim()
    .max(CUSTOMER_QUERY_MAX, { error: `Ensure the search has no more than ${CUSTOMER_QUERY_MAX} characters.` })
    .refine((v) => !v.includes('\0'), { error: NUL_MESSAGE })
    .default(''),
  limit: z.coerce
    .number({ error: `Use a whole number from 1 to ${CUSTOMER_SEARCH_MAX}.` })
    .int({ error: `Use a whole number from 1 to ${CUSTOMER_SEARCH_MAX}.` })
    .min(1, { error: `Use a whole number from 1 to ${CUSTOMER_SEARCH_MAX}.` })
    .max(CUSTOMER_SEARCH_MAX, { error: `Use a whole number from 1 to ${CUSTOMER_SEARCH_MAX}.` })
    .default(CUSTOMER_SEARCH_LIMIT),
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuerySchema>;

/** What a picker shows of a customer. */
export const customerSummarySchema = personAccountSchema.pick({ id: true, first_name: true, last_name: true, username: true, email: true });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** The first matches, and whether more customers match than were sent. */
export const customerSearchResultSchema = z.object({ results: z.array(customerSummarySchema), more: z.boolean() });
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

export const usersApi = {
  ...peopleEndpoints('/adminportal/manage-users/', 'people', 'user (customer)'),
  /** Customers never use the portal: no password is made, shown or e-mailed; they get delivery links. */
  create: endpoint({
    method: 'POST',
    path: '/adminportal/manage-users/',
    tag: 'people',
    summary: 'Create a user (customer): contact and delivery details, no portal sign-in',
    body: personCreateSchema,
    response: personAccountSchema,
    status: 201,
  }),
  holdings: endpoint({
    method: 'GET',
    path: '/adminportal/manage-users/{id}/holdings/',
    tag: 'people',
    summary: "What a user (customer) holds: their client galleries', love stories' titles and gallery link count",
    params: z.object({ id: pathId }),
    response: personHoldingsSchema,
  }),
  /** The customer picker's search: the list endpoint above keeps its shape (every user) for other clients. */
  search: endpoint({
    method: 'GET',
    path: '/adminportal/manage-users/search/',
    tag: 'people',
    summary: 'Users (customers, never admins) whose name, username or e-mail contains the text, best matches first, at most `limit`',
    query: customerSearchQuerySchema,
    response: customerSearchResultSchema,
  }),
  /** One user, e.g. the customer of a record being edited who is not among the first search results. */
  detail: endpoint({
    method: 'GET',
    path: '/adminportal/manage-users/{id}/',
    tag: 'people',
    summary: 'One user (customer)',
    params: z.object({ id: pathId }),
    response: personAccountSchema,
  }),
};
export const adminsApi = {
  ...peopleEndpoints('/adminportal/manage-admins/', 'people', 'admin'),
  create: endpoint({
    method: 'POST',
    path: '/adminportal/manage-admins/',
    tag: 'people',
    summary: 'Create an admin with a temporary password, returned once and e-mailed',
    body: personCreateSchema,
    response: personCreatedSchema,
    status: 201,
  }),
};

/** The parts of an account's name; null stands for no value (e.g. a left join that found no account). */
export interface NameParts {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
}

/**
 * How a person is shown everywhere (tables, pickers, `user_text`, mail headers): first and last
 * name, else the username; '' when there is no one.
 */
export function displayName(p: NameParts | null | undefined): string {
  if (!p) return '';
  return `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || (p.username ?? '');
}

export type PeopleApi = ReturnType<typeof peopleEndpoints>;
