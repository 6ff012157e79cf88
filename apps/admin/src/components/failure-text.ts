import { COMMON_MESSAGES } from '@darkroom/contracts';
import { ApiError, errorMessage } from '../api/client';

/**
 * A failed write's message when every answer follows the spec's 400/500 rule: a 400 shows its
 * first field message (in `fields` order), any other answer the generic text; with no answer
 * (the network failed) the area's own `fallback`.
 */
export function failureText(err: unknown, fallback: string, fields: readonly string[]): string {
  return err instanceof ApiError && err.status !== 0 ? errorMessage(err, [...fields]) : fallback;
}

/**
 * Like failureText, but only a 400 and a server fault (5xx) have spec texts; anything else (no
 * answer, 404, 403...) shows the area's own `fallback`.
 */
export function failureTextOr(err: unknown, fallback: string, fields: readonly string[]): string {
  if (err instanceof ApiError && err.status === 400) return errorMessage(err, [...fields]);
  if (err instanceof ApiError && err.status >= 500) return COMMON_MESSAGES.serverError;
  return fallback;
}
