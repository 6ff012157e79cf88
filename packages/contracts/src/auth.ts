import { z } from 'zod';
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
export interface UserDetails {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  is_staff: boolean;
}

export interface LoginResponse {
  status: boolean;
  userDetails: UserDetails;
  authToken: string;
  /** Epoch milliseconds at which the token expires. */
  maxTimeOut: number;
}

/** The session kept in localStorage under 'user'. */
export interface StoredSession {
  isLoggedIn: boolean;
  userDetail: UserDetails;
  authToken: string;
  maxTimeOut: number;
}
export const SESSION_STORAGE_KEY = 'user';
