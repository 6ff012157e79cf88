import { AUDIT_ACTIONS } from './audit';
import { z } from 'zod';
import { endpoint } from './endpoint';
import { formId } from './forms';

/** Limits of an e-mail to admins (the spec leaves them open; subject fits the table column). */
export const EMAIL_LIMITS = { subject: 255, message: 10_000, recipients: 100 } as const;

/** Strings of the e-mails area: the three validation messages are the spec's. */
export const EMAIL_MESSAGES = {
  subjectRequired: 'Email subject is required',
  subjectMax: `Email subject cannot be more than ${EMAIL_LIMITS.subject} characters`,
  messageRequired: 'Email body is required',
  messageMax: `Email body cannot be more than ${EMAIL_LIMITS.message} characters`,
  recipientsRequired: 'Recipient is required',
  recipientsMax: `Choose at most ${EMAIL_LIMITS.recipients} recipients`,
  recipientUnknown: 'Choose recipients from the admin list',
  recipientNoEmail: 'has no email address',
  sendEmail: 'Send Email',
  sent: 'Email successfully sent',
  queued: 'Email queued: it goes out in a moment',
  partlySent: 'Email sent to some recipients only',
  sendFailed: 'Email sending failed. Try again',
} as const;

/** Admin ids arrive as a JSON array, or from forms as '1,2' or repeated strings. */
const recipientIds = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return v;
        }
      }
      return s === '' ? [] : s.split(',').map((x) => x.trim());
    }
    if (typeof v === 'number') return [v];
    return v;
  },
  z
    .array(formId(EMAIL_MESSAGES.recipientUnknown), { error: EMAIL_MESSAGES.recipientsRequired })
    .min(1, { error: EMAIL_MESSAGES.recipientsRequired })
    .max(EMAIL_LIMITS.recipients, { error: EMAIL_MESSAGES.recipientsMax })
    .transform((ids) => [...new Set(ids)]),
);

const text = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: maxMessage });

/** `POST /adminportal/send-email/` body; the 'Send Email' dialog validates with the same schema. */
export const sendEmailSchema = z.object({
  // A subject is one line: line breaks (a header-injection attempt, or a paste) become spaces.
  subject: text(EMAIL_MESSAGES.subjectRequired, EMAIL_LIMITS.subject, EMAIL_MESSAGES.subjectMax).transform((s) =>
    s.replace(/[\r\n]+/g, ' '),
  ),
  message: text(EMAIL_MESSAGES.messageRequired, EMAIL_LIMITS.message, EMAIL_MESSAGES.messageMax),
  recipients: recipientIds,
});
export type SendEmail = z.output<typeof sendEmailSchema>;

/** The dialog's shape: the recipients are picked from the list, so they are already numbers. */
export const sendEmailFormSchema = sendEmailSchema.extend({
  recipients: z
    .array(z.number())
    .min(1, { error: EMAIL_MESSAGES.recipientsRequired })
    .max(EMAIL_LIMITS.recipients, { error: EMAIL_MESSAGES.recipientsMax }),
});
export type SendEmailFormValues = z.input<typeof sendEmailFormSchema>;

/** What happened to one recipient. */
export const emailRecipientResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Queued when the send answers; the e-mails page shows how it ended. */
  status: z.enum(['queued', 'sent', 'failed']),
  /** Where the message went: a real SMTP server, or an .eml file in the outbox. */
  delivered: z.enum(['smtp', 'outbox']).nullable(),
  /** The SMTP message id or outbox file name when sent; the reason when failed. */
  detail: z.string(),
});
export type EmailRecipientResult = z.infer<typeof emailRecipientResultSchema>;

/** The answer to a send: one message per recipient, queued, recorded as one sent e-mail. */
export const sendEmailResultSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'partial', 'failed']),
  detail: z.string(),
  results: z.array(emailRecipientResultSchema),
});
export type SendEmailResult = z.infer<typeof sendEmailResultSchema>;

/** A past send as `GET /adminportal/send-email/` lists it (newest first). */
export const sentEmailRecordSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  recipients: z.array(z.object({ id: z.number().int(), email: z.string() })),
  /** `sending`: a send recorded before e-mail went through the job queue. */
  status: z.enum(['queued', 'sending', 'sent', 'partial', 'failed']),
  /** What went wrong, one line per failed recipient. */
  error: z.string().nullable(),
  sent_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  time_created: z.string(),
});
export type SentEmailRecord = z.infer<typeof sentEmailRecordSchema>;

/** How many past sends the history returns. */
export const SENT_EMAIL_HISTORY_LIMIT = 100;

/** One message the server sends (queued as a job), as the e-mails page lists it; its text is left out. */
export const outgoingMailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['enquiry', 'delivery', 'admin-email', 'enquiry-ack', 'enquiry-reply', 'studio-alert']),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The last try's error (kept while it is tried again, and once it failed). */
  error: z.string().nullable(),
  time_created: z.string(),
  time_sent: z.string().nullable(),
});
export type OutgoingMailRecord = z.infer<typeof outgoingMailSchema>;

/** How many messages the list returns. */
export const OUTGOING_MAIL_LIMIT = 100;

export const emailsApi = {
  messages: endpoint({
    method: 'GET',
    path: '/adminportal/send-email/messages/',
    tag: 'emails',
    summary: 'Every message the server sent or will send, newest first, with its state',
    response: z.array(outgoingMailSchema),
  }),
  history: endpoint({
    method: 'GET',
    path: '/adminportal/send-email/',
    tag: 'emails',
    summary: 'Past sends, newest first',
    response: z.array(sentEmailRecordSchema),
  }),
  send: endpoint({
    method: 'POST',
    path: '/adminportal/send-email/',
    audit: AUDIT_ACTIONS.send,
    tag: 'emails',
    summary: 'E-mail the chosen admins, one message each, through the job queue',
    body: sendEmailSchema,
    response: sendEmailResultSchema,
  }),
} as const;
