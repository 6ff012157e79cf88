import { z } from 'zod';
import { optionalText, requiredText } from './forms';
import { TEXT_MAX } from './limits';
import { chosenFileOf, type ApiImageView, type ChosenFile } from './uploads';

/** Contact strings: the spec's verbatim, plus the few it leaves open (marked). */
export const CONTACT_MESSAGES = {
  emailRequired: 'Email is required',
  /** Not in the spec: a malformed address. */
  emailInvalid: 'Enter a valid email address',
  phoneRequired: 'Phone number is required',
  /** Not in the spec: the column's limit. */
  phoneMax: 'Phone number can not be more than 40 characters',
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

export interface ContactInfo {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  time_created: string;
  time_updated: string;
}

export interface ContactUsContent extends ContactInfo {
  /** URL of the nav image, or null when none was uploaded. */
  nav_image: string | null;
  nav_image_view: ApiImageView | null;
}
