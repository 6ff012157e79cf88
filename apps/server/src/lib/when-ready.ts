/** Whether a value is still to come: a promise, or any other thenable (a query builder returned as it is). */
function isPending<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * `next` applied to a value that may still be coming: at once when it is here, with no promise
 * made on the way (a promise and an await per step were a measurable part of a cached answer), or
 * once it arrives.
 */
export function whenReady<T, R>(value: T | PromiseLike<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return isPending(value) ? Promise.resolve(value).then((ready) => next(ready as T)) : next(value);
}
