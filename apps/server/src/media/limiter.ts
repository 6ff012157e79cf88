import pLimit from 'p-limit';

/** Runs at most `size` tasks at once; the rest wait in arrival order. */
export interface Limiter {
  <T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(size: number): Limiter {
  const limit = pLimit(Math.max(1, Math.floor(size)));
  const run = <T>(task: () => Promise<T>): Promise<T> => limit(task);
  Object.defineProperties(run, {
    active: { get: () => limit.activeCount },
    waiting: { get: () => limit.pendingCount },
  });
  return run as Limiter;
}
