import { toFieldErrors } from '@darkroom/contracts';
import type { z } from 'zod';
import { ValidationError } from './errors';

/**
 * Parses `input` with `schema`, or throws a 400 carrying every field message. Requests are
 * validated from their endpoint declarations (http/route.ts); this is for rules that depend on a
 * record's current state.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}
