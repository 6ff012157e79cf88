import { describe, expect, it } from 'vitest';
import { cardsPerRow, imageSizes } from './card-grid';

describe('imageSizes', () => {
  it('gives each breakpoint the width of one card of its row', () => {
    expect(imageSizes({ xs: 12, sm: 4, md: 3 })).toBe(
      '(min-width: 900px) calc((100vw - 308px - 72px) / 4), (min-width: 600px) calc((100vw - 32px - 48px) / 3), calc(100vw - 32px)',
    );
  });
  it('keeps the size of the breakpoint below where none is given, as the grid does', () => {
    expect(imageSizes({ xs: 12, sm: 6 })).toBe(
      '(min-width: 900px) calc((100vw - 308px - 24px) / 2), (min-width: 600px) calc((100vw - 32px - 24px) / 2), calc(100vw - 32px)',
    );
    expect(imageSizes({ md: 4 })).toBe('(min-width: 900px) calc((100vw - 308px - 48px) / 3), calc(100vw - 32px)');
  });
});

describe('cardsPerRow', () => {
  it('counts the cards of a row at a window width, as the grid lays them out', () => {
    const portfolio = { xs: 12, sm: 4, md: 3 } as const;
    expect([375, 599, 600, 899, 900, 1280].map((w) => cardsPerRow(portfolio, w))).toEqual([1, 1, 3, 3, 4, 4]);
    // A breakpoint without a size keeps the one below it.
    expect([375, 700, 1000].map((w) => cardsPerRow({ xs: 12, sm: 6 }, w))).toEqual([1, 2, 2]);
    expect(cardsPerRow({ md: 4 }, 1000)).toBe(3);
  });
});
