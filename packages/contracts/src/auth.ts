import { AUDIT_ACTIONS } from './audit';
import { z } from 'zod';
import { ackSchema, endpoint } from './endpoint';
import { requiredText } from './forms';

export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  mismatch: 'Username and password does not match',
  loginFailed: 'Login failed. Try again',
} as const;

export const loginSchema = z.object({
  username: requiredText(AUTH_MESSAGES.usernameRequired, 150),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** What the portal knows about the signed-in admin. */
export const userDetailsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  is_staff: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const loginResponseSchema = z.object({
  status: z.boolean(),
  userDetails: userDetailsSchema,
  authToken: z.string(),
  /** Epoch milliseconds at which the token expires. */
  maxTimeOut: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The session kept in localStorage under 'user'. */
export interface StoredSession {
  isLoggedIn: boolean;
  userDetail: UserDetails;
  authToken: string;
  maxTimeOut: number;
}

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/accounts/auth-admin/login/',
    access: 'public',
    tag: 'account',
    summary: 'Sign an admin in: a token for the Authorization header (`Token <token>`)',
    body: loginSchema,
    response: loginResponseSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/accounts/logout/',
    audit: AUDIT_ACTIONS.signOut,
    tag: 'account',
    summary: 'Sign out: the token stops working at once',
    response: ackSchema,
  }),
} as const;
