import type { FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';

/** The unlock cookie's name; one per gallery path, so galleries never share one. */
export const UNLOCK_COOKIE = 'darkroom_gallery';
/** How long an unlocked browser stays unlocked. */
const UNLOCK_MAX_AGE_S = 30 * 86_400;

/** The unlock cookie's value sent with a request, as a list (none, or the one the browser sent). */
export function unlockValues(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  const value = header ? parse(header)[UNLOCK_COOKIE] : undefined;
  return value ? [value] : [];
}

/**
 * The `Set-Cookie` values that keep a gallery unlocked: one for its page (`/g/<token>/`) and one
 * for its API (`/site/galleries/<token>/`), HttpOnly, SameSite=Lax, Secure on https. Scoped by
 * path, a browser sends each gallery's cookie to that gallery only.
 */
export function unlockCookies(request: FastifyRequest, token: string, value: string): string[] {
  const options = { maxAge: UNLOCK_MAX_AGE_S, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
  return [`/g/${token}/`, `/site/galleries/${token}/`].map((path) => serialize(UNLOCK_COOKIE, value, { ...options, path }));
}
