import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, authApi, loginSchema, type LoginInput } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { failureMessage } from '../../api/failure';

/**
 * What the login form does beyond showing itself: checking the input against the contract and
 * calling the sign-in endpoint. Kept out of the login page's own chunk (the page loads it on the
 * first check or submit), so zod and the endpoint table are not part of the sign-in screen's
 * first download.
 */
export const loginResolver = zodResolver(loginSchema);

export const loginCall = (input: LoginInput) => call(authApi.login, { body: { ...input } });

/** A rejected sign-in is the mismatch; any other failure is 'Login failed. Try again' plus the error detail. */
export function loginError(err: unknown): string {
  const detail = err instanceof Error && err.message ? ` ${err.message}` : '';
  return failureMessage(err, { fallback: `${AUTH_MESSAGES.loginFailed}${detail}`, badRequest: AUTH_MESSAGES.mismatch });
}
