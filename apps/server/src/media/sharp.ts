import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, a native addon) loaded with the first image rather than at start-up, where
 * loading it was a tenth of the time to the first answer (`npm run bench -- startup`).
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache only helps repeated identical operations; uploads never repeat,
    // so it would just hold memory.
    sharp.cache(false);
    return sharp;
  }));
}
