import { describe, expect, it } from 'vitest';
import { whenReady } from './when-ready';

describe('whenReady', () => {
  it('goes on at once with a value that is here, making no promise', () => {
    expect(whenReady(2, (n) => n * 3)).toBe(6);
  });

  it('waits for a promise or any other thenable, and passes on a failure', async () => {
    await expect(whenReady(Promise.resolve(2), (n) => n * 3)).resolves.toBe(6);
    const thenable = { then: (resolve: (n: number) => void) => resolve(4) } as unknown as PromiseLike<number>;
    await expect(whenReady(thenable, (n) => n + 1)).resolves.toBe(5);
    await expect(whenReady(Promise.reject(new Error('gone')), () => 1)).rejects.toThrow('gone');
  });
});
