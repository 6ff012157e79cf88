import { z } from 'zod';
import { optionalText, pathId, requiredText } from './forms';
import { TEXT_MAX } from './limits';
import { chosenFileOf, optionalImageShape, type ChosenFile } from './uploads';
import { endpoint } from './endpoint';

/** Contact strings: the spec's verbatim, plus the few it leaves open (marked). */
export const CONTACT_MESSAGES = {
  emailRequired: 'Email is required',
  /** Not in the spec: a malformed address. */
  emailInvalid: 'Enter a valid email address',
  phoneRequired: 'Phone number is required',
  /** Not in the spec: the column's limit. */
  phoneMax: 'Phone number cannot be more than 40 characters',
  created: 'Contact information successfully created',
  updated: 'Contact information successfully updated',
  updateFailed: 'Contact information update failed.',
  /** Not in the spec: the portal can also delete a contact information row. */
  deleted: 'Contact information successfully deleted',
  deleteFailed: 'Contact information deletion failed',
  empty: 'No contact information found',
} as const;

export const CONTACT_INFO_DIALOG_TITLE = 'Manage Contact Informations';
/** Not in the spec: the contact-us page's dialog title, named like 'Manage About Page'. */
export const CONTACT_US_DIALOG_TITLE = 'Manage Contact-us Page';

/**
 * The spec's contact-us update rule: a 400 shows the first message of these fields, else
 * 'Failed to process request. Try again'.
 */
export const CONTACT_US_ERROR_FIELDS = ['email', 'name', 'description'];
/** Order of the fields whose messages a contact information 400 shows. */
export const CONTACT_INFO_ERROR_FIELDS = ['email', 'phone', 'name', 'address', 'description'];

const email = requiredText(CONTACT_MESSAGES.emailRequired, 254).pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid }));
const phone = requiredText(CONTACT_MESSAGES.phoneRequired, 40, CONTACT_MESSAGES.phoneMax);

const name = optionalText(TEXT_MAX.medium);
const longText = optionalText(TEXT_MAX.long);

/**
 * Contact information and contact-us content share their fields. `name` holds the email (the
 * portal sends it so; the server fills it from the email when blank).
 */
export const contactSchema = z.object({
  name: name.default(''),
  email,
  phone,
  address: longText.default(''),
  description: longText.default(''),
});
export type ContactInput = z.output<typeof contactSchema>;

/** PATCH: only the sent fields change, with the same rules (no defaults, so nothing is wiped). */
export const contactPatchSchema = z.object({
  name: name.optional(),
  email: email.optional(),
  phone: phone.optional(),
  address: longText.optional(),
  description: longText.optional(),
});
export type ContactPatch = z.output<typeof contactPatchSchema>;

/** The 'Manage Contact Informations' dialog. */
export const contactInfoFormSchema = contactSchema.pick({ email: true, phone: true, address: true, description: true });
export type ContactInfoFormValues = z.input<typeof contactInfoFormSchema>;
export type ContactInfoFormOutput = z.output<typeof contactInfoFormSchema>;

/** The contact-us page dialog: the same fields plus an optional nav image. */
export function contactUsFormSchema<F extends ChosenFile = ChosenFile>() {
  return contactInfoFormSchema.extend({ nav_image: chosenFileOf<F>() });
}
export type ContactUsFormValues<F extends ChosenFile = ChosenFile> = z.input<ReturnType<typeof contactUsFormSchema<F>>>;
export type ContactUsFormOutput<F extends ChosenFile = ChosenFile> = z.output<ReturnType<typeof contactUsFormSchema<F>>>;

export const contactInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  description: z.string(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

export const contactUsContentSchema = contactInfoSchema.extend({
  /** URL of the nav image, or null when none was uploaded. */
  ...optionalImageShape('nav_image'),
});
export type ContactUsContent = z.infer<typeof contactUsContentSchema>;

const INFO = '/adminportal/manage-contact-us-info/';
const CONTENT = '/adminportal/pages/contact-us-content/';
const byId = z.object({ id: pathId });
const navFile = { nav_image: { maxFiles: 1 } } as const;
const contentUpdate = (path: string, summary: string) =>
  endpoint({
    method: 'PATCH',
    path,
    tag: 'contact',
    summary,
    params: byId,
    body: contactPatchSchema,
    files: navFile,
    response: contactUsContentSchema,
  });

export const contactApi = {
  infoList: endpoint({
    method: 'GET',
    path: INFO,
    tag: 'contact',
    summary: 'Contact information rows',
    response: z.array(contactInfoSchema),
  }),
  infoCreate: endpoint({
    method: 'POST',
    path: INFO,
    tag: 'contact',
    summary: 'Add contact information',
    body: contactSchema,
    response: contactInfoSchema,
    status: 201,
  }),
  infoUpdate: endpoint({
    method: 'PATCH',
    path: `${INFO}{id}/`,
    tag: 'contact',
    summary: 'Change contact information',
    params: byId,
    body: contactPatchSchema,
    response: contactInfoSchema,
  }),
  infoRemove: endpoint({
    method: 'DELETE',
    path: `${INFO}{id}/`,
    tag: 'contact',
    summary: 'Delete contact information',
    params: byId,
    response: null,
    status: 204,
  }),
  contentList: endpoint({
    method: 'GET',
    path: CONTENT,
    tag: 'contact',
    summary: 'The contact-us page content (at most one)',
    response: z.array(contactUsContentSchema),
  }),
  /** A second create updates the one content: 201 when created, 200 when updated. */
  contentCreate: endpoint({
    method: 'POST',
    path: CONTENT,
    tag: 'contact',
    summary: 'Create the contact-us page content (updates it when it exists)',
    body: contactSchema,
    files: navFile,
    response: contactUsContentSchema,
    status: 201,
  }),
  /** The spec updates the content at a path that differs from its list path; both are served. */
  contentUpdate: contentUpdate('/adminportal/pages/contact-content/{id}/', 'Change the contact-us page content'),
  contentUpdateAtListPath: contentUpdate(
    `${CONTENT}{id}/`,
    'Change the contact-us page content (same as /adminportal/pages/contact-content/{id}/)',
  ),
} as const;
