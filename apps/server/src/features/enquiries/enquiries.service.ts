import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_MESSAGES, type Enquiry, type EnquiryData, type EnquiryReceived } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { countAttempt } from '../../lib/rate-limiter';
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
 * Takes a visitor's enquiry. Only well-formed submissions count against the per-address limit
 * (a typo should not lock a visitor out); the count is taken atomically before storing, so
 * parallel requests cannot slip past it, and with Redis it holds across processes.
 */
export async function receiveEnquiry(ctx: AppContext, data: EnquiryData): Promise<EnquiryReceived> {
  const { enquiryMaxPerWindow, enquiryWindowMs } = ctx.config;
  const limits = [{ key: `enquiry:${ctx.ip ?? 'unknown'}`, max: enquiryMaxPerWindow }];
  await countAttempt(ctx.limiter, limits, enquiryWindowMs, ENQUIRY_MESSAGES.tooMany);
  const answer: EnquiryReceived = { status: true, detail: ENQUIRY_MESSAGES.received };
  // A filled honeypot is a bot: it gets the same answer, and nothing is stored.
  if (data[ENQUIRY_HONEYPOT_FIELD]) return answer;
  await insertEnquiry(ctx.db, { fullName: data.full_name, email: data.email, message: data.message });
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
  await notifyAdmins(ctx, data);
  return answer;
}

/** Tells every active admin with an address about a new enquiry; a mail failure never loses the enquiry. */
async function notifyAdmins(ctx: AppContext, data: EnquiryData): Promise<void> {
  try {
    const to = (await listPeople(ctx.db, 'admin')).filter((a) => a.isActive && a.email.trim()).map((a) => a.email);
    if (!to.length) return;
    const text = `A visitor sent an enquiry from the website.\n\nFrom: ${data.full_name} <${data.email}>\n\n${data.message}\n\n--\nDarkroom: see User enquiries in the admin portal.\n`;
    await ctx.mailer.send({ to, subject: `New enquiry from ${data.full_name}`, text });
  } catch (err) {
    ctx.log.warn({ err }, 'enquiry notification failed');
  }
}

export async function removeEnquiry(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteEnquiry(ctx.db, id))) throw notFound();
  await ctx.cache.invalidate(ENQUIRIES_CACHE_TAG);
}
