import { AUTH_MESSAGES, authApi, loginSchema, type LoginInput } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { failureMessage } from '../../api/failure';

/**
 * What the login form does beyond showing itself: checking the input against the contract and
 * calling the sign-in endpoint. Kept out of the login page's own chunk (the page loads it on the
 * first check or submit), so zod and the endpoint table are not part of the sign-in screen's
 * first download.
 */
export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/** The input read through the contract's schema: the values to send, or each field's first message. */
export function checkLogin(values: LoginInput): { data: LoginInput; errors?: undefined } | { data?: undefined; errors: LoginErrors } {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export const loginCall = (input: LoginInput) => call(authApi.login, { body: { ...input } });

/** A rejected sign-in is the mismatch; any other failure is 'Login failed. Try again' plus the error detail. */
export function loginError(err: unknown): string {
  const detail = err instanceof Error && err.message ? ` ${err.message}` : '';
  return failureMessage(err, { fallback: `${AUTH_MESSAGES.loginFailed}${detail}`, badRequest: AUTH_MESSAGES.mismatch });
}
