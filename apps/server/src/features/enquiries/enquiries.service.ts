import type { FastifyInstance } from 'fastify';
import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_MESSAGES, enquiryInputSchema, type Enquiry, type EnquiryReceived } from '@darkroom/contracts';
import { HttpError, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
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

export async function enquiryList(app: FastifyInstance): Promise<Enquiry[]> {
  return (await listEnquiries(app.db)).map(toEnquiry);
}

/**
 * Takes a visitor's enquiry. Only well-formed submissions count against the per-address limit
 * (a typo should not lock a visitor out); the count is taken atomically before storing, so
 * parallel requests cannot slip past it, and with Redis it holds across processes.
 */
export async function receiveEnquiry(app: FastifyInstance, input: unknown, ip: string): Promise<EnquiryReceived> {
  const data = validate(enquiryInputSchema, input);
  const { enquiryMaxPerWindow, enquiryWindowMs } = app.config;
  const count = await app.limiter.hit(`enquiry:${ip}`, enquiryWindowMs);
  if (count > enquiryMaxPerWindow) throw new HttpError(429, ENQUIRY_MESSAGES.tooMany);
  const answer: EnquiryReceived = { status: true, detail: ENQUIRY_MESSAGES.received };
  // A filled honeypot is a bot: it gets the same answer, and nothing is stored.
  if (data[ENQUIRY_HONEYPOT_FIELD]) return answer;
  await insertEnquiry(app.db, { fullName: data.full_name, email: data.email, message: data.message });
  await app.cache.invalidate(ENQUIRIES_CACHE_TAG);
  return answer;
}

export async function removeEnquiry(app: FastifyInstance, id: number): Promise<void> {
  if (!(await deleteEnquiry(app.db, id))) throw notFound();
  await app.cache.invalidate(ENQUIRIES_CACHE_TAG);
}
