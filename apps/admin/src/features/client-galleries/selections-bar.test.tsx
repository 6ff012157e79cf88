import { expect, it } from 'vitest';
import { lightroomNames } from './selections-bar';

const list = { photos: ['DSC_0012.jpg', 'DSC_0040.JPG', 'bride.final.jpeg', 'no-extension'].map((name, i) => ({ id: i + 1, name })) };

it("copies a list's file names without extensions, so Lightroom's filter finds the raw files too", () => {
  expect(lightroomNames(list, 'comma')).toBe('DSC_0012, DSC_0040, bride.final, no-extension');
  expect(lightroomNames(list, 'space')).toBe('DSC_0012 DSC_0040 bride.final no-extension');
  expect(lightroomNames({ photos: [] }, 'comma')).toBe('');
});
