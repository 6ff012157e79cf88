import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_MESSAGES, type Enquiry, type EnquiryData, type EnquiryReceived } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/errors';
import { listContactUsContent } from '../contact/contact.service';
import { countAttempt } from '../../lib/rate-limiter';
import { queueMail } from '../emails/outgoing.service';
import { listPeople } from '../people/people.repository';
import { deleteEnquiry, insertEnquiry, listEnquiries, type EnquiryRow } from './enquiries.repository';

/** Response-cache tag of the admin list. */
export const ENQUIRIES_CACHE_TAG = 'enquiries';

export function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    message: row.message,
    time_created: row.timeCreated.toISOString(),
  };
}

export async function enquiryList(ctx: AppContext): Promise<Enquiry[]> {
  return (await listEnquiries(ctx.db)).map(toEnquiry);
}

/**
 * Takes a visitor's enquiry. Only well-formed submissions count against the limits (a typo should
 * not lock a visitor out): per address, and for the whole studio per hour, so a flood from many
 * addresses cannot fill the list and the admins' inboxes. Counts are taken atomically before
 * storing, so parallel requests cannot slip past them, and with Redis they hold across processes.
 */
export async function receiveEnquiry(ctx: AppContext, data: EnquiryData): Promise<EnquiryReceived> {
  const { enquiryMaxPerWindow, enquiryMaxTotalPerHour, enquiryWindowMs } = ctx.config;
  const own = { key: `enquiry:${ctx.ip ?? 'unknown'}`, max: enquiryMaxPerWindow };
  await countAttempt(ctx.limiter, [own], enquiryWindowMs, ENQUIRY_MESSAGES.tooMany);
  try {
    await countAttempt(ctx.limiter, [{ key: 'enquiry:all', max: enquiryMaxTotalPerHour }], 3_600_000, ENQUIRY_MESSAGES.busy);
  } catch (err) {
    await ctx.limiter.undo(own.key);
    throw err instanceof HttpError ? await withOtherWays(ctx, err) : err;
  }
  const answer: EnquiryReceived = { status: true, detail: ENQUIRY_MESSAGES.received };
  // A filled honeypot is a bot: it gets the same answer, and nothing is stored.
  if (data[ENQUIRY_HONEYPOT_FIELD]) return answer;
  await insertEnquiry(ctx.db, { fullName: data.full_name, email: data.email, message: data.message });
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  await notifyAdmins(ctx, data);
  return answer;
}

/** The studio-wide refusal, with the studio's e-mail and phone so a real lead still gets through. */
async function withOtherWays(ctx: AppContext, refusal: HttpError): Promise<HttpError> {
  const [contact] = await listContactUsContent(ctx);
  const ways = [contact?.email && `e-mail ${contact.email}`, contact?.phone && `call ${contact.phone}`].filter(Boolean).join(' or ');
  const detail = ways ? `${refusal.detail} Please ${ways}.` : refusal.detail;
  return new HttpError(refusal.statusCode, detail, refusal.headers);
}

/** Queues a message to every active admin with an address: the visitor never waits for the mail server, and a mail failure never loses the enquiry. */
async function notifyAdmins(ctx: AppContext, data: EnquiryData): Promise<void> {
  try {
    const to = (await listPeople(ctx.db, 'admin')).filter((a) => a.isActive && a.email.trim()).map((a) => a.email);
    if (!to.length) return;
    const text = `A visitor sent an enquiry from the website.\n\nFrom: ${data.full_name} <${data.email}>\n\n${data.message}\n\n--\nDarkroom: see User enquiries in the admin portal.\n`;
    await queueMail(ctx, { kind: 'enquiry', to, subject: `New enquiry from ${data.full_name}`, text });
  } catch (err) {
    ctx.log.warn({ err }, 'enquiry notification failed');
  }
}

export async function removeEnquiry(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteEnquiry(ctx.db, id))) throw notFound();
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
}
