/** Runs at most `size` tasks at once; the rest wait in arrival order. */
export interface Limiter {
  <T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(size: number): Limiter {
  const max = Math.max(1, Math.floor(size));
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= max) return;
    const start = queue.shift();
    if (start) {
      active += 1;
      start();
    }
  };
  const run = <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active -= 1;
            next();
          });
      });
      next();
    });
  Object.defineProperties(run, {
    active: { get: () => active },
    waiting: { get: () => queue.length },
  });
  return run as Limiter;
}
