import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface Preloadable<M extends { default: ComponentType }> {
  /** Starts loading the code (the same request React's lazy makes when it renders). */
  load: () => Promise<M>;
  Component: LazyExoticComponent<M['default']>;
}

/**
 * A lazy component whose code can be loaded ahead of its first render. Once loaded it renders at
 * once: React's lazy takes a thenable that answers synchronously, where a resolved promise would
 * still suspend for a tick and flash the 'Loading...' dialog.
 */
export function preloadable<M extends { default: ComponentType }>(importer: () => Promise<M>): Preloadable<M> {
  let loaded: M | undefined;
  const load = () => importer().then((m) => (loaded = m));
  const ready = (m: M) => ({ then: (resolve: (value: M) => void) => resolve(m) });
  return { load, Component: lazy(() => (loaded ? (ready(loaded) as unknown as Promise<M>) : load())) };
}
