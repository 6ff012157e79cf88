import { z } from 'zod';
import { endpoint } from './endpoint';
import { isOneLine, LINE_BREAK_MESSAGE, pathId } from './forms';

/** Length limits of a visitor's enquiry (the spec leaves them open). */
export const ENQUIRY_LIMITS = { fullName: 150, email: 254, message: 5000 } as const;

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
  [ENQUIRY_HONEYPOT_FIELD]: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim())
    .optional(),
});
export type EnquiryData = z.output<typeof enquiryInputSchema>;

/** An enquiry as `GET /adminportal/user-enqueries/` lists it (newest first). */
export const enquirySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  message: z.string(),
  /** ISO 8601. */
  time_created: z.string(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

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
    summary: "Visitors' enquiries, newest first",
    response: z.array(enquirySchema),
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
