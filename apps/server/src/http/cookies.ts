import type { FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';

/** The unlock cookie's name; one per gallery path, so galleries never share one. */
export const UNLOCK_COOKIE = 'darkroom_gallery';
/** How long an unlocked browser stays unlocked. */
const UNLOCK_MAX_AGE_S = 30 * 86_400;

/** The download PIN's cookie, scoped the same way as the unlock cookie. */
export const PIN_COOKIE = 'darkroom_download';

/** A visitor's cookie (proofing: whose list), scoped the same way as the unlock cookie. */
export const VISITOR_COOKIE = 'darkroom_visitor';

/** A cookie's value sent with a request, as a list (none, or the one the browser sent). */
function cookieValues(request: FastifyRequest, name: string): string[] {
  const header = request.headers.cookie;
  const value = header ? parse(header)[name] : undefined;
  return value ? [value] : [];
}

/** The unlock cookie's value sent with a request, as a list (none, or the one the browser sent). */
export const unlockValues = (request: FastifyRequest): string[] => cookieValues(request, UNLOCK_COOKIE);
/** The download PIN cookie's value sent with a request, as a list. */
export const pinValues = (request: FastifyRequest): string[] => cookieValues(request, PIN_COOKIE);
/** The visitor cookie's value sent with a request, as a list. */
export const visitorValues = (request: FastifyRequest): string[] => cookieValues(request, VISITOR_COOKIE);

/**
 * The `Set-Cookie` values that keep a gallery unlocked: one for its page (`/g/<token>/`) and one
 * for its API (`/site/galleries/<token>/`), HttpOnly, SameSite=Lax, Secure on https. Scoped by
 * path, a browser sends each gallery's cookie to that gallery only.
 */
export function unlockCookies(request: FastifyRequest, token: string, value: string, name: string = UNLOCK_COOKIE): string[] {
  const options = { maxAge: UNLOCK_MAX_AGE_S, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
  return [`/g/${token}/`, `/site/galleries/${token}/`].map((path) => serialize(name, value, { ...options, path }));
}
