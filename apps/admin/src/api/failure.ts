import { COMMON_MESSAGES, type FieldErrors } from '@darkroom/contracts';
import { ApiError } from './client';

/**
 * The portal's one failure policy: how a failed call becomes the message an admin reads. Every
 * area states only what the spec gives it (its own message, the fields a 400 names, and what a
 * server fault shows); the rule is the same everywhere:
 *
 * - no answer at all (network down, or not a call) shows the area's `fallback`;
 * - 400 shows the first message of `fields`, in order, else `badRequest`
 *   (default 'Failed to process request. Try again');
 * - 403, 409 and 429 are refusals that say why (not allowed, changed meanwhile, too many tries):
 *   the server's own words are shown when it gave them;
 * - a server fault (5xx) shows `serverFault`: the generic 'Failed to process request.Try again',
 *   or the area's `fallback` (default); 'server' shows the server's message for a 500 only, as
 *   the spec words it for gallery links and contact-us ("500 shows the server message,
 *   otherwise..."), so a 502/503 from a proxy shows the area's text;
 * - any other status (404 gone meanwhile, 413...) shows the area's `fallback`.
 *
 * Field messages also go under the form's inputs: see `fieldErrorsOf` and
 * `components/form-errors.ts`.
 */
export interface FailurePolicy {
  /** The area's own message, e.g. 'Service creation failed'. */
  fallback: string;
  /** Fields whose first 400 message is shown, in this order. */
  fields?: readonly string[];
  /** A 400 that names none of `fields`. */
  badRequest?: string;
  /** What a 5xx shows ('server': a 500's own message, other 5xx the fallback). */
  serverFault?: 'generic' | 'server' | 'fallback';
}

const REFUSALS = new Set([403, 409, 429]);

/** The server's `detail` text, if the answer carried one. */
export function detailOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return null;
  const detail = (err.body as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail ? detail : null;
}

/** The field messages of a 400 (`{field: [messages]}`), or none. */
export function fieldErrorsOf(err: unknown): FieldErrors {
  return err instanceof ApiError ? err.fields : {};
}

/** The first message of the first of `fields` a 400 names, or null. */
export function firstFieldMessage(err: unknown, fields: readonly string[]): string | null {
  const messages = fieldErrorsOf(err);
  for (const f of fields) if (messages[f]?.[0]) return messages[f][0];
  return null;
}

/** The message for a failed call, by the policy above. */
export function failureMessage(err: unknown, policy: FailurePolicy): string {
  const { fallback, fields = [], badRequest = COMMON_MESSAGES.badRequest, serverFault = 'fallback' } = policy;
  if (!(err instanceof ApiError) || err.status === 0) return fallback;
  if (err.status === 400) return firstFieldMessage(err, fields) ?? badRequest;
  if (REFUSALS.has(err.status)) return detailOf(err) ?? fallback;
  if (err.status < 500 || serverFault === 'fallback') return fallback;
  if (serverFault === 'generic') return COMMON_MESSAGES.serverError;
  return err.status === 500 ? (detailOf(err) ?? fallback) : fallback;
}
