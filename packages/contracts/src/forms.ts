import { z } from 'zod';

/** Field errors as the API returns them: `{ field: ["message", ...] }`. */
export type FieldErrors = Record<string, string[]>;

/** Required text: trims, then fails with `message` when empty or missing. */
export function requiredText(message: string, max = 255, maxMessage?: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: maxMessage ?? `Ensure this field has no more than ${max} characters.` });
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

/** Integer ids arrive as numbers in JSON and strings in forms. */
export function formId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z.number({ error: message }).int({ error: message }).positive({ error: message }),
  );
}

/** Turns a zod error into the API's field-error shape, keeping every message per field. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
