import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, formId, isOneLine, LINE_BREAK_MESSAGE, optionalText, pathId, requiredText } from './forms';
import { personCreateSchema } from './people';

/** Length limits of a visitor's enquiry (the spec leaves them open). */
export const ENQUIRY_LIMITS = {
  fullName: 150,
  email: 254,
  message: 5000,
  venue: 200,
  budget: 100,
  phone: 40,
  heardFrom: 200,
  notes: 5000,
  replySubject: 200,
  replyMessage: 10_000,
} as const;

/**
 * The extra questions a studio may ask on the contact form (Site settings picks which are shown
 * and which are required), in form order, with their labels and messages.
 */
export const ENQUIRY_EXTRA_FIELDS = [
  { key: 'event_date', label: 'Event date', required: 'Event date is required' },
  { key: 'venue', label: 'Venue or location', required: 'Venue or location is required' },
  { key: 'service', label: 'Service', required: 'Choose a service' },
  { key: 'budget', label: 'Budget', required: 'Budget is required' },
  { key: 'phone', label: 'Phone', required: 'Phone is required' },
  { key: 'heard_from', label: 'How did you hear about us?', required: 'Tell us how you heard about us' },
] as const;
export type EnquiryExtraField = (typeof ENQUIRY_EXTRA_FIELDS)[number]['key'];
export const ENQUIRY_EXTRA_KEYS = ENQUIRY_EXTRA_FIELDS.map((f) => f.key) as [EnquiryExtraField, ...EnquiryExtraField[]];

/** Whether the form shows a question, and whether it must be answered. */
export const ENQUIRY_FIELD_MODES = ['off', 'optional', 'required'] as const;
export type EnquiryFieldMode = (typeof ENQUIRY_FIELD_MODES)[number];

/** Where an enquiry stands in the studio's pipeline. */
export const ENQUIRY_STATUSES = ['new', 'replied', 'booked', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', replied: 'Replied', booked: 'Booked', lost: 'Lost' };

/**
 * Strings of the enquiries area. The spec quotes the delete messages; the intake messages are
 * ours, worded like the rest of the portal's field messages.
 */
export const ENQUIRY_MESSAGES = {
  deleted: 'User enquiry successfully deleted',
  deleteFailed: 'User enquiry deletion failed',
  fullNameRequired: 'Full name is required',
  fullNameMax: `Full name cannot be more than ${ENQUIRY_LIMITS.fullName} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address.',
  emailMax: `Email cannot be more than ${ENQUIRY_LIMITS.email} characters`,
  messageRequired: 'Message is required',
  messageMax: `Message cannot be more than ${ENQUIRY_LIMITS.message} characters`,
  eventDateInvalid: 'Enter a date (YYYY-MM-DD)',
  serviceInvalid: 'Choose one of our services',
  statusInvalid: 'Status must be New, Replied, Booked or Lost',
  replySubjectRequired: 'Subject is required',
  replyMessageRequired: 'Message is required',
  updated: 'Enquiry successfully updated',
  updateFailed: 'Enquiry update failed',
  replyQueued: 'Reply successfully sent',
  replyFailed: 'Reply could not be sent',
  converted: 'Customer successfully created from the enquiry',
  convertFailed: 'Customer creation failed',
  alreadyConverted: 'This enquiry already has a customer',
  received: 'Thank you. Your enquiry has been received.',
  /** The server adds when to try again (`tryAgainIn`). */
  tooMany: 'Too many enquiries from your address.',
  /** Many visitors at once (a flood, or a very busy hour): the studio's other ways in follow it. */
  busy: 'We are receiving an unusual number of enquiries right now.',
} as const;

/**
 * The honeypot: a field the public form hides from people. Bots fill every input; a submission
 * with it filled is answered like a success and dropped.
 */
export const ENQUIRY_HONEYPOT_FIELD = 'website';

/** A YYYY-MM-DD that names a real day of the calendar. */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const oneLine = (max: number) => optionalText(max).refine(isOneLine, { error: LINE_BREAK_MESSAGE });

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: maxMessage });

/** `POST /site/enquiries/` body, checked by the server with these messages. */
export const enquiryInputSchema = z.object({
  full_name: required(ENQUIRY_MESSAGES.fullNameRequired, ENQUIRY_LIMITS.fullName, ENQUIRY_MESSAGES.fullNameMax).refine(isOneLine, {
    error: LINE_BREAK_MESSAGE,
  }),
  email: required(ENQUIRY_MESSAGES.emailRequired, ENQUIRY_LIMITS.email, ENQUIRY_MESSAGES.emailMax).pipe(
    z.email({ error: ENQUIRY_MESSAGES.emailInvalid }),
  ),
  message: required(ENQUIRY_MESSAGES.messageRequired, ENQUIRY_LIMITS.message, ENQUIRY_MESSAGES.messageMax),
  /** YYYY-MM-DD (what a date input sends); '' or absent when not given. */
  event_date: optionalText(10, ENQUIRY_MESSAGES.eventDateInvalid).refine((v) => v === '' || isCalendarDate(v), {
    error: ENQUIRY_MESSAGES.eventDateInvalid,
  }),
  venue: oneLine(ENQUIRY_LIMITS.venue),
  /** A published service's id; blank when not chosen. */
  service: z.preprocess((v) => (v === '' || v === null ? undefined : v), formId(ENQUIRY_MESSAGES.serviceInvalid).optional()),
  budget: oneLine(ENQUIRY_LIMITS.budget),
  phone: oneLine(ENQUIRY_LIMITS.phone),
  heard_from: oneLine(ENQUIRY_LIMITS.heardFrom),
  [ENQUIRY_HONEYPOT_FIELD]: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim())
    .optional(),
});
export type EnquiryData = z.output<typeof enquiryInputSchema>;

/** A reply the studio sent from the portal, kept with its enquiry. */
export const enquiryReplySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  /** The queued message's state: `queued` until the mail server took it. */
  mail_status: z.enum(['queued', 'sent', 'failed']).nullable(),
  sent_by: z.string(),
  /** ISO 8601. */
  time_created: z.string(),
});
export type EnquiryReply = z.infer<typeof enquiryReplySchema>;

/** An enquiry as `GET /adminportal/user-enqueries/` lists it (newest first). */
export const enquirySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  message: z.string(),
  /** YYYY-MM-DD or null. */
  event_date: z.string().nullable(),
  venue: z.string(),
  /** The service chosen (its id), and its name when the enquiry came in. */
  service: z.number().int().nullable(),
  service_name: z.string(),
  budget: z.string(),
  phone: z.string(),
  heard_from: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  notes: z.string(),
  /** The customer made from it, and the client gallery made with them, if any. */
  customer: z.number().int().nullable(),
  client_gallery: z.number().int().nullable(),
  /** Whether the automatic acknowledgement went to the visitor. */
  acknowledged: z.boolean(),
  replies: z.array(enquiryReplySchema),
  /** ISO 8601. */
  time_created: z.string(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** Rows a page of the portal's enquiry list may hold (the table's page sizes), and the default. */
export const ENQUIRY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ENQUIRY_PAGE_SIZE = 25;

export const ENQUIRY_FILTER_MESSAGES = {
  dateInvalid: 'Use a date as YYYY-MM-DD',
  dateFieldInvalid: 'Filter by event or received',
  toBeforeFrom: 'The end date is before the start date',
  pageInvalid: 'Use a page number',
  pageSizeInvalid: `Use a page size from 1 to ${ENQUIRY_PAGE_SIZES.at(-1)}`,
} as const;

/** A real calendar day as YYYY-MM-DD. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ENQUIRY_FILTER_MESSAGES.dateInvalid, abort: true })
  .refine(
    (d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
    },
    { error: ENQUIRY_FILTER_MESSAGES.dateInvalid },
  );
/** A query parameter sent empty (`?status=`) is no filter. */
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * `GET /adminportal/user-enqueries/?status=&date=&from=&to=&page=&page_size=`: the pipeline's
 * filters, applied by the server. `date` says which day from-to (inclusive) applies to: the event
 * date (an enquiry without one is left out) or the day it was received (UTC).
 */
export const enquiryListQuerySchema = z
  .object({
    status: blankless(z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.statusInvalid })),
    date: blankless(z.enum(['event', 'received'], { error: ENQUIRY_FILTER_MESSAGES.dateFieldInvalid })),
    from: blankless(isoDay),
    to: blankless(isoDay),
    page: blankless(
      z.coerce
        .number({ error: ENQUIRY_FILTER_MESSAGES.pageInvalid })
        .int({ error: ENQUIRY_FILTER_MESSAGES.pageInvalid })
        .min(1, { error: ENQUIRY_FILTER_MESSAGES.pageInvalid })
        .max(1_000_000, { error: ENQUIRY_FILTER_MESSAGES.pageInvalid }),
    ),
    page_size: blankless(
      z.coerce
        .number({ error: ENQUIRY_FILTER_MESSAGES.pageSizeInvalid })
        .int({ error: ENQUIRY_FILTER_MESSAGES.pageSizeInvalid })
        .min(1, { error: ENQUIRY_FILTER_MESSAGES.pageSizeInvalid })
        .max(ENQUIRY_PAGE_SIZES.at(-1)!, { error: ENQUIRY_FILTER_MESSAGES.pageSizeInvalid }),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: ENQUIRY_FILTER_MESSAGES.toBeforeFrom, path: ['to'] });
export type EnquiryFilters = z.output<typeof enquiryListQuerySchema>;

/** A page of the filtered enquiries, as the journal's lists are paged. */
export const enquiryPageSchema = z.object({
  items: z.array(enquirySchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** How many enquiries pass the filters. */
  total: z.number().int(),
  /** The next page's address, or null. */
  next: z.string().nullable(),
});
export type EnquiryPage = z.infer<typeof enquiryPageSchema>;

/** `PATCH /adminportal/user-enqueries/{id}/`: only the fields sent change. */
export const enquiryPatchSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.statusInvalid }).optional(),
  notes: optionalText(ENQUIRY_LIMITS.notes, `Notes cannot be more than ${ENQUIRY_LIMITS.notes} characters`).optional(),
});
export type EnquiryPatch = z.infer<typeof enquiryPatchSchema>;

/** A reply by e-mail from the portal: queued, kept with the enquiry, and the status becomes Replied. */
export const enquiryReplyInputSchema = z.object({
  subject: requiredText(ENQUIRY_MESSAGES.replySubjectRequired, ENQUIRY_LIMITS.replySubject),
  message: requiredText(ENQUIRY_MESSAGES.replyMessageRequired, ENQUIRY_LIMITS.replyMessage),
});
export type EnquiryReplyInput = z.infer<typeof enquiryReplyInputSchema>;

/** "Convert to customer": the customer's details (prefilled from the enquiry), and whether to make an empty client gallery. */
export const enquiryConvertSchema = personCreateSchema.extend({
  create_gallery: formBoolean.default(false),
  gallery_title: optionalText(255),
});
export type EnquiryConvertInput = z.input<typeof enquiryConvertSchema>;
export type EnquiryConvertData = z.output<typeof enquiryConvertSchema>;

/** The answer to a visitor's enquiry. */
export const enquiryReceivedSchema = z.object({ status: z.literal(true), detail: z.string() });
export type EnquiryReceived = z.infer<typeof enquiryReceivedSchema>;

/** Enquiry requests per visitor address per minute, counted before a body is read. */
export const ENQUIRY_REQUESTS_PER_MINUTE = 30;

export const enquiriesApi = {
  list: endpoint({
    method: 'GET',
    path: '/adminportal/user-enqueries/',
    tag: 'enquiries',
    summary: "Visitors' enquiries, newest first, filtered by status and by event or received date (inclusive), a page at a time",
    query: enquiryListQuerySchema,
    response: enquiryPageSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/adminportal/user-enqueries/{id}/',
    tag: 'enquiries',
    summary: "Change an enquiry's status or notes",
    params: z.object({ id: pathId }),
    body: enquiryPatchSchema,
    response: enquirySchema,
  }),
  reply: endpoint({
    method: 'POST',
    path: '/adminportal/user-enqueries/{id}/reply/',
    tag: 'enquiries',
    summary: 'Reply to the visitor by e-mail (queued); the reply is kept and the status becomes Replied',
    params: z.object({ id: pathId }),
    body: enquiryReplyInputSchema,
    response: enquirySchema,
    status: 201,
  }),
  convert: endpoint({
    method: 'POST',
    path: '/adminportal/user-enqueries/{id}/convert/',
    tag: 'enquiries',
    summary: 'Make a customer (and, if asked, an empty client gallery) from an enquiry',
    params: z.object({ id: pathId }),
    body: enquiryConvertSchema,
    response: enquirySchema,
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/adminportal/user-enqueries/{id}/',
    tag: 'enquiries',
    summary: 'Delete an enquiry',
    params: z.object({ id: pathId }),
    response: null,
    status: 204,
  }),
  receive: endpoint({
    method: 'POST',
    path: '/site/enquiries/',
    access: 'public',
    tag: 'site',
    summary: "A visitor's enquiry from the public site (no token; rate-limited per address)",
    body: enquiryInputSchema,
    response: enquiryReceivedSchema,
    status: 201,
    rateLimit: { max: ENQUIRY_REQUESTS_PER_MINUTE, windowMs: 60_000 },
    // A message of 5,000 characters, percent-encoded by a browser's own form.
    bodyLimit: 64 * 1024,
  }),
} as const;
