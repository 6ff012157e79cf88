import type { FieldErrors } from '@darkroom/contracts';

/** A 400 with field messages: `{ field: ["message"] }`. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super('Validation failed');
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** Any other expected failure: answered as `{ detail }` with its status (and `headers`, e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(detail);
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, detail);

/** The looked-up row, or a 404 when there is none (unknown id, or deleted meanwhile). */
export async function orNotFound<T>(lookup: Promise<T | null | undefined>): Promise<T> {
  const row = await lookup;
  if (row === null || row === undefined) throw notFound();
  return row;
}
