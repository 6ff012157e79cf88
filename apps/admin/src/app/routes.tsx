import type { ComponentType } from 'react';
import { prefetchServices } from '../features/services/queries';
import { routeAt } from './early-start';
import { preloadable, type Preloadable } from './preloadable';
import { queryClient } from './query-client';
import { SCREEN_CODE } from './screen-code';
import { ROUTE_TITLES, type RoutePath } from './route-paths';

const page = preloadable<{ default: ComponentType }>;

/** The code of each screen inside the admin layout, loaded on demand. */
const PAGES = Object.fromEntries(Object.entries(SCREEN_CODE).map(([path, code]) => [path, page(code)])) as Record<
  RoutePath,
  Preloadable<{ default: ComponentType }>
>;

/**
 * What a screen shows first, when it comes from a query: fetched by `preloadRoute` while the
 * screen's code loads, so the request does not wait for the screen to render. Only queries whose
 * screen takes a cached answer (not `refetchOnMount: 'always'`), or the answer would be fetched twice.
 * The entry has asked for the same path already (`FIRST_GET` in `early-start.ts`); the API client
 * takes that answer.
 */
const FIRST_DATA: Partial<Record<RoutePath, () => Promise<void>>> = {
  '/portfolio': () => prefetchServices(queryClient),
};

/** Every screen inside the admin layout, loaded on demand. */
export const ROUTES = ROUTE_TITLES.map(({ path, title }) => ({ path, title, Page: PAGES[path].Component }));

/**
 * Opening the portal on a screen: its code and its first data start loading together as soon as
 * the admin layout's code is there, not one after the other as each part renders. Paths match as
 * the router matches them (case-insensitive); an unknown path does nothing. Resolves once the
 * screen's code is loaded (or failed to).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = routeAt(pathname);
  if (!route) return Promise.resolve();
  void FIRST_DATA[route]?.();
  // Resolves when the screen's code is there; a failure is met again, and shown, when it renders.
  return PAGES[route].load().catch(() => undefined);
}
