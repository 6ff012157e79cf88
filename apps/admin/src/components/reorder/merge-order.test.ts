import { describe, expect, it } from 'vitest';
import { mergeOrder } from './merge-order';

describe('mergeOrder', () => {
  it('keeps the order as arranged when nothing changed meanwhile', () => {
    expect(mergeOrder([3, 1, 2], [1, 2, 3])).toEqual([3, 1, 2]);
  });

  it('drops records deleted meanwhile and puts records added meanwhile last, in their order', () => {
    expect(mergeOrder([3, 1, 2], [1, 3, 5, 4])).toEqual([3, 1, 5, 4]);
  });
});
