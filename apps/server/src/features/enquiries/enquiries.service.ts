import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  displayName,
  ENQUIRY_EXTRA_FIELDS,
  ENQUIRY_HONEYPOT_FIELD,
  ENQUIRY_MESSAGES,
  ENQUIRY_PAGE_SIZE,
  type Enquiry,
  type EnquiryFilters,
  type EnquiryPage,
  type EnquiryConvertData,
  type EnquiryData,
  type EnquiryPatch,
  type EnquiryReceived,
  type EnquiryReplyInput,
  type EnquiryStatus,
  type FieldErrors,
  type SiteSettings,
} from '@darkroom/contracts';
import { actingAdmin, type AppContext } from '../../context';
import { HttpError, notFound, orNotFound, ValidationError } from '../../lib/errors';
import { listContactUsContent } from '../contact/contact.service';
import { countAttempt } from '../../lib/rate-limiter';
import { portalUrl, type MailContent } from '../../mail/content';
import { queueMail, SENT_EMAILS_CACHE_TAG } from '../emails/outgoing.service';
import { listPeople } from '../people/people.repository';
import { createCustomer } from '../people/people.service';
import { listServices } from '../services/services.service';
import { createClientGallery } from '../client-galleries/client-galleries.service';
import { getSiteSettings } from '../site/site-settings.service';
import { removeSample, writePlainCover } from '../../media/sample-photos';
import { spoolDir } from '../../media/spool';
import {
  deleteEnquiry,
  findEnquiry,
  insertEnquiry,
  insertReply,
  listEnquiryPage,
  listReplies,
  updateEnquiry,
  type EnquiryChanges,
  type EnquiryReplyRow,
  type EnquiryRow,
} from './enquiries.repository';

/** Response-cache tags of the admin list (a reply's delivery state lives with the outgoing mail). */
export const ENQUIRIES_CACHE_TAG = 'enquiries';
export const ENQUIRY_LIST_TAGS = [ENQUIRIES_CACHE_TAG, SENT_EMAILS_CACHE_TAG];

export function toEnquiry(row: EnquiryRow, replies: EnquiryReplyRow[] = []): Enquiry {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    message: row.message,
    event_date: row.eventDate,
    venue: row.venue,
    service: row.serviceId,
    service_name: row.serviceName,
    budget: row.budget,
    phone: row.phone,
    heard_from: row.heardFrom,
    status: row.status as EnquiryStatus,
    notes: row.notes,
    customer: row.customerId,
    client_gallery: row.clientGalleryId,
    acknowledged: row.timeAcknowledged !== null,
    replies: replies.map((r) => ({
      id: r.id,
      subject: r.subject,
      message: r.body,
      mail_status: r.mailStatus as Enquiry['replies'][number]['mail_status'],
      sent_by: r.sentBy,
      time_created: r.timeCreated.toISOString(),
    })),
    time_created: row.timeCreated.toISOString(),
  };
}

async function withReplies(ctx: AppContext, rows: EnquiryRow[]): Promise<Enquiry[]> {
  const replies = await listReplies(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byEnquiry = new Map<number, EnquiryReplyRow[]>();
  for (const r of replies) byEnquiry.set(r.enquiryId, [...(byEnquiry.get(r.enquiryId) ?? []), r]);
  return rows.map((row) => toEnquiry(row, byEnquiry.get(row.id)));
}

/** A page of the enquiries passing the pipeline's filters, newest first; a page past the end is empty. */
export async function enquiryList(ctx: AppContext, query: EnquiryFilters = {}): Promise<EnquiryPage> {
  const size = query.page_size ?? ENQUIRY_PAGE_SIZE;
  const page = query.page ?? 1;
  const filters = { status: query.status, date: query.date ?? 'event', from: query.from, to: query.to };
  const { rows, total } = await listEnquiryPage(ctx.db, filters, size, (page - 1) * size);
  const pages = Math.max(1, Math.ceil(total / size));
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, date: query.date, page: page + 1, page_size: query.page_size })) {
    if (v !== undefined) next.set(k, String(v));
  }
  return {
    items: await withReplies(ctx, rows),
    page,
    pages,
    total,
    next: page < pages ? `/adminportal/user-enqueries/?${next}` : null,
  };
}

async function enquiryById(ctx: AppContext, id: number): Promise<Enquiry> {
  const [enquiry] = await withReplies(ctx, [await orNotFound(findEnquiry(ctx.db, id))]);
  return enquiry!;
}

/**
 * The extra answers the studio's settings ask for: questions that are off are dropped, required
 * ones must be answered, and a service must be one the site publishes.
 */
async function qualify(ctx: AppContext, data: EnquiryData, settings: SiteSettings) {
  const modes = settings.enquiry_fields;
  const errors: FieldErrors = {};
  const given = (key: keyof typeof modes) => modes[key] !== 'off';
  for (const f of ENQUIRY_EXTRA_FIELDS) {
    const value = data[f.key];
    if (modes[f.key] === 'required' && (value === undefined || value === null || value === '')) errors[f.key] = [f.required];
  }
  let service: { id: number; name: string } | null = null;
  if (given('service') && typeof data.service === 'number' && !errors.service) {
    const found = (await listServices(ctx)).find((s) => s.status && s.id === data.service);
    if (found) service = { id: found.id, name: found.name };
    else errors.service = [ENQUIRY_MESSAGES.serviceInvalid];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    eventDate: given('event_date') && data.event_date ? data.event_date : null,
    venue: given('venue') ? data.venue : '',
    serviceId: service?.id ?? null,
    serviceName: service?.name ?? '',
    budget: given('budget') ? data.budget : '',
    phone: given('phone') ? data.phone : '',
    heardFrom: given('heard_from') ? data.heard_from : '',
  };
}

/**
 * Takes a visitor's enquiry. Only well-formed submissions count against the limits (a typo or a
 * required answer left out should not lock a visitor out): per address, and for the whole studio
 * per hour, so a flood from many addresses cannot fill the list and the admins' inboxes. Counts
 * are taken atomically before storing, so parallel requests cannot slip past them, and with
 * Redis they hold across processes. Either refusal names the studio's other ways in.
 */
export async function receiveEnquiry(ctx: AppContext, data: EnquiryData): Promise<EnquiryReceived> {
  const settings = await getSiteSettings(ctx);
  const extra = await qualify(ctx, data, settings);
  const { enquiryMaxPerWindow, enquiryMaxTotalPerHour, enquiryWindowMs } = ctx.config;
  const own = { key: `enquiry:${ctx.ip ?? 'unknown'}`, max: enquiryMaxPerWindow };
  try {
    await countAttempt(ctx.limiter, [own], enquiryWindowMs, ENQUIRY_MESSAGES.tooMany);
    try {
      await countAttempt(ctx.limiter, [{ key: 'enquiry:all', max: enquiryMaxTotalPerHour }], 3_600_000, ENQUIRY_MESSAGES.busy);
    } catch (err) {
      await ctx.limiter.undo(own.key);
      throw err;
    }
  } catch (err) {
    throw err instanceof HttpError ? await withOtherWays(ctx, err) : err;
  }
  const answer: EnquiryReceived = { status: true, detail: ENQUIRY_MESSAGES.received };
  // A filled honeypot is a bot: it gets the same answer, and nothing is stored or sent.
  if (data[ENQUIRY_HONEYPOT_FIELD]) return answer;
  const row = await insertEnquiry(ctx.db, { fullName: data.full_name, email: data.email, message: data.message, ...extra });
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  await notifyAdmins(ctx, row);
  if (settings.enquiry_ack.enabled) await acknowledge(ctx, row, settings);
  return answer;
}

/** A refusal with the studio's e-mail and phone, so a real lead still gets through. */
async function withOtherWays(ctx: AppContext, refusal: HttpError): Promise<HttpError> {
  const [contact] = await listContactUsContent(ctx);
  const ways = [contact?.email && `e-mail ${contact.email}`, contact?.phone && `call ${contact.phone}`].filter(Boolean).join(' or ');
  const detail = ways ? `${refusal.detail} Please ${ways}.` : refusal.detail;
  return new HttpError(refusal.statusCode, detail, refusal.headers);
}

/** The answers a visitor gave, as label and value rows for the admins' notice. */
function answersOf(row: EnquiryRow): { label: string; value: string }[] {
  const rows: [string, string | null][] = [
    ['Event date', row.eventDate ?? ''],
    ['Venue or location', row.venue],
    ['Service', row.serviceName],
    ['Budget', row.budget],
    ['Phone', row.phone],
    ['Heard of us from', row.heardFrom],
  ];
  return rows.filter(([, v]) => v).map(([label, value]) => ({ label, value: value! }));
}

/**
 * Queues a message to every active admin with an address: the visitor never waits for the mail
 * server, and a mail failure never loses the enquiry. Reply-To is the visitor, so answering the
 * notice answers them.
 */
async function notifyAdmins(ctx: AppContext, row: EnquiryRow): Promise<void> {
  try {
    const to = (await listPeople(ctx.db, 'admin')).filter((a) => a.isActive && a.email.trim()).map((a) => a.email);
    if (!to.length) return;
    const portal = portalUrl(ctx.config.publicUrl, '/User-enquiries');
    const content: MailContent = {
      preview: `${row.fullName} wrote from the website.`,
      heading: `New enquiry from ${row.fullName}`,
      paragraphs: ['A visitor sent an enquiry from the website.'],
      details: [{ label: 'From', value: `${row.fullName} <${row.email}>` }, ...answersOf(row)],
      quote: { text: row.message },
      ...(portal ? { button: { label: 'Open User enquiries', url: portal } } : {}),
      notes: [
        portal
          ? 'Reply to this e-mail to answer the visitor.'
          : 'See User enquiries in the admin portal; reply to this e-mail to answer the visitor.',
      ],
      replyTo: row.email,
    };
    await queueMail(ctx, { kind: 'enquiry', to, subject: `New enquiry from ${row.fullName}`, content });
  } catch (err) {
    ctx.log.warn({ err }, 'enquiry notification failed');
  }
}

/** The automatic acknowledgement, in the studio's words; once per enquiry, and never at the cost of the enquiry. */
async function acknowledge(ctx: AppContext, row: EnquiryRow, settings: SiteSettings): Promise<void> {
  try {
    const content: MailContent = {
      preview: settings.enquiry_ack.message.split('\n')[0]!.slice(0, 140),
      greeting: `Dear ${row.fullName},`,
      heading: settings.enquiry_ack.subject,
      paragraphs: settings.enquiry_ack.message.split(/\n{2,}/),
    };
    await queueMail(ctx, { kind: 'enquiry-ack', to: row.email, subject: settings.enquiry_ack.subject, content });
    await updateEnquiry(ctx.db, row.id, { timeAcknowledged: new Date() });
    await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  } catch (err) {
    ctx.log.warn({ err, enquiryId: row.id }, 'enquiry acknowledgement failed');
  }
}

/** PATCH: the status and/or the notes. */
export async function updateEnquiryFields(ctx: AppContext, id: number, patch: EnquiryPatch): Promise<Enquiry> {
  const changes: EnquiryChanges = {};
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.notes !== undefined) changes.notes = patch.notes;
  if (Object.keys(changes).length) {
    await orNotFound(updateEnquiry(ctx.db, id, changes));
    await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  }
  return enquiryById(ctx, id);
}

/**
 * Replies to the visitor by e-mail: queued like every message, kept with the enquiry, and a New
 * enquiry becomes Replied (one already Booked or Lost keeps its status).
 */
export async function replyToEnquiry(ctx: AppContext, id: number, input: EnquiryReplyInput): Promise<Enquiry> {
  const admin = actingAdmin(ctx);
  const enquiry = await orNotFound(findEnquiry(ctx.db, id));
  const sentBy = displayName({ first_name: admin.firstName, last_name: admin.lastName, username: admin.username });
  const content: MailContent = {
    // The admin's own words as written (their greeting included): a letter, without a heading.
    preview: input.message.split('\n')[0]!.slice(0, 140),
    paragraphs: input.message.split(/\n{2,}/),
  };
  const mailId = await queueMail(ctx, { kind: 'enquiry-reply', to: enquiry.email, subject: input.subject, content });
  await insertReply(ctx.db, { enquiryId: id, subject: input.subject, body: input.message, outgoingMailId: mailId, sentBy });
  if (enquiry.status === 'new') await updateEnquiry(ctx.db, id, { status: 'replied' });
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  return enquiryById(ctx, id);
}

/**
 * "Convert to customer": the customer from the details given (prefilled from the enquiry in the
 * portal), and if asked an empty client gallery for them with a plain cover; both are linked
 * from the enquiry. An enquiry converts once.
 */
export async function convertEnquiry(ctx: AppContext, id: number, input: EnquiryConvertData): Promise<Enquiry> {
  const enquiry = await orNotFound(findEnquiry(ctx.db, id));
  if (enquiry.customerId !== null) throw new HttpError(409, ENQUIRY_MESSAGES.alreadyConverted);
  const customer = await createCustomer(ctx, input);
  let galleryId: number | null = null;
  if (input.create_gallery) {
    const dir = path.join(spoolDir(), `cover-${randomBytes(4).toString('hex')}`);
    try {
      const f = await writePlainCover(dir);
      const gallery = await createClientGallery(
        ctx,
        { user: customer.id, title: input.gallery_title || displayName(customer), gallery_link: '' },
        { ...f, field: 'cover_image', filename: 'cover.jpg', mimetype: 'image/jpeg' },
      );
      galleryId = gallery.id;
    } finally {
      await removeSample(dir);
    }
  }
  await updateEnquiry(ctx.db, id, { customerId: customer.id, clientGalleryId: galleryId });
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  return enquiryById(ctx, id);
}

export async function removeEnquiry(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteEnquiry(ctx.db, id))) throw notFound();
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
}
