import { sendEarlyGet } from '../api/early-get';
import { ROUTE_TITLES, type RoutePath } from './route-paths';
import { SCREEN_CODE } from './screen-code';
import { authorizationOf, readSession } from './session';

/**
 * What a screen shows first, as the API client asks for it (the query `app/routes.tsx` prefetches
 * for it; `api/early-get.test.ts` keeps the two equal). Only screens whose query takes a cached
 * answer, or the answer would be fetched twice.
 */
export const FIRST_GET: Partial<Record<RoutePath, string>> = {
  '/portfolio': '/adminportal/manage-services/',
};

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/** The path inside the portal when it was opened signed in on a screen (not '/' or the sign-in page); else null. */
export function signedInScreenPath(): string | null {
  if (!location.pathname.startsWith(`${BASE}/`) || !readSession()) return null;
  const screen = location.pathname.slice(BASE.length);
  return screen === '/' || screen.toLowerCase().startsWith('/login') ? null : screen;
}

/** The screen at a path, matched as the router matches it (case-insensitive). */
export function routeAt(pathname: string): RoutePath | undefined {
  return ROUTE_TITLES.find((r) => r.path.toLowerCase() === pathname.toLowerCase())?.path;
}

/**
 * Opened signed in on a screen, the entry asks at once for the shell's code, the screen's code and
 * its first data, side by side with React and MUI (the `base` chunk). Asked for only once base had
 * run, they waited for it to arrive and run first, a round trip and ~120 KB later on a phone.
 * Failures here are met again, and shown, when the screen renders.
 */
export function startFirstScreenEarly(): void {
  const screen = signedInScreenPath();
  const session = readSession();
  if (!screen || !session) return;
  // zod and the contracts (the shell's largest import) come first and run in a task of their own:
  // run with the shell, the two made one long task that held the page (TBT).
  import('../api/endpoints').catch(() => undefined);
  import('./layout/admin-layout').catch(() => undefined);
  const route = routeAt(screen);
  if (!route) return;
  // The table of the screens' code is part of the entry (2 KB): fetched as a chunk of its own, the
  // screen's request waited until React and MUI had run.
  SCREEN_CODE[route]().catch(() => undefined);
  const first = FIRST_GET[route];
  if (first) sendEarlyGet(first, authorizationOf(session));
}
