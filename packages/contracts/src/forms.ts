import { z } from 'zod';

/** Field errors as the API returns them: `{ field: ["message", ...] }`. */
export type FieldErrors = Record<string, string[]>;

/** Refused in one-line fields (names, titles): a line break there could split a header or a CSV row. */
export const LINE_BREAK_MESSAGE = 'Line breaks are not allowed here.';

/** The longest text that is one line (names, titles, phones); longer fields are free text on several lines. */
const ONE_LINE_MAX = 255;

/** A one-line string: no carriage return or line feed. */
export const isOneLine = (v: string) => !/[\r\n]/.test(v);

/**
 * Required text: trims, then fails with `message` when empty or missing. Up to 255 characters it
 * is a one-line field and refuses line breaks.
 */
export function requiredText(message: string, max = ONE_LINE_MAX, maxMessage?: string) {
  const text = z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: maxMessage ?? `Ensure this field has no more than ${max} characters.` });
  return max <= ONE_LINE_MAX ? text.refine(isOneLine, { error: LINE_BREAK_MESSAGE }) : text;
}

/** Optional text: missing, null and blank all become ''; under .partial() a missing key stays missing. */
export function optionalText(max = 5000, maxMessage?: string) {
  return z
    .string()
    .trim()
    .max(max, { error: maxMessage ?? `Ensure this field has no more than ${max} characters.` })
    .nullish()
    .transform((v) => v ?? '');
}

/** Booleans arrive as real booleans in JSON and as 'true'/'false' strings in forms. */
export const formBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Must be true or false.' }),
);

/** The largest id the database holds (PostgreSQL `integer`, which every id column is). */
export const MAX_ID = 2_147_483_647;

/** Null characters cannot be stored in PostgreSQL text: refused with this message on any field. */
export const NUL_MESSAGE = 'Null characters are not allowed.';

/**
 * The one id rule, for ids in bodies and forms alike: a whole number from 1 to MAX_ID, sent as a
 * JSON number or as its digits in a form (one spelling: no sign, spaces or leading zeros);
 * anything else fails with the field's own message.
 */
export function formId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (/^[1-9]\d*$/.test(v) ? Number(v) : v === '' ? undefined : v) : v),
    z.number({ error: message }).refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID, { error: message }),
  );
}

/** An id in a path: the same rule; the server answers 404 for anything else. */
export const pathId = formId('Not found.');

/** Turns a zod error into the API's field-error shape, keeping every message per field. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
