import { toFieldErrors } from '@darkroom/contracts';
import type { z } from 'zod';
import { notFound, ValidationError } from './errors';

/** Parses `input` with `schema`, or throws a 400 carrying every field message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

/** Parses an id from a path segment; anything but a positive integer is a 404. */
export function parseId(raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
    throw notFound();
  }
  return n;
}
