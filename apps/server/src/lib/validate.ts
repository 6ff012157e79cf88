import { toFieldErrors, type FieldErrors } from '@darkroom/contracts';
import type { z } from 'zod';
import { notFound, ValidationError } from './errors';

/** Parses `input` with `schema`, or throws a 400 carrying every field message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

/**
 * Validates the text fields and a required file together, so a create form shows every missing
 * field at once, the file's message included. `missing` may depend on the parsed fields.
 */
export function validateWithFile<S extends z.ZodType, F>(
  schema: S,
  input: unknown,
  file: { field: string; value: F | undefined; missing: string | ((data: z.output<S> | undefined) => string) },
): { data: z.output<S>; file: F } {
  const result = schema.safeParse(input);
  const errors: FieldErrors = result.success ? {} : toFieldErrors(result.error);
  if (file.value === undefined) {
    errors[file.field] = [typeof file.missing === 'string' ? file.missing : file.missing(result.success ? result.data : undefined)];
  }
  if (!result.success || file.value === undefined) throw new ValidationError(errors);
  return { data: result.data, file: file.value };
}

/** Route generics of a `/:id/` path. */
export type IdParams = { Params: { id: string } };

/** Parses an id from a path segment; anything but a positive integer is a 404. */
export function parseId(raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
    throw notFound();
  }
  return n;
}
