import { readableAccent, type FontPairing } from '@darkroom/contracts';
import { FONT_URLS } from './fonts';
import type { Brand } from './model';

/**
 * The studio's brand in a page's head: favicons, the chosen fonts (self-hosted woff2, latin
 * subset, `font-display: swap`, the two files preloaded) and the accent as CSS variables. Vite
 * names the font files by content under /site-assets/ (served as immutable).
 */

interface Face {
  family: string;
  weight: number;
  url: string;
}

/** Latin (Fontsource's range): Western European text, punctuation and the euro sign. */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/** Each pairing's heading and body face: one weight each (bold body text is rare on the site). */
const PAIRS: Record<Exclude<FontPairing, 'system'>, { heading: Face; body: Face; headingFallback: string; bodyFallback: string }> = {
  classic: {
    heading: { family: 'Cormorant Garamond', weight: 600, url: FONT_URLS.cormorant600 },
    body: { family: 'Lato', weight: 400, url: FONT_URLS.lato400 },
    headingFallback: 'Georgia, serif',
    bodyFallback: 'system-ui, sans-serif',
  },
  editorial: {
    heading: { family: 'Playfair Display', weight: 500, url: FONT_URLS.playfair500 },
    body: { family: 'Source Sans 3', weight: 400, url: FONT_URLS.sourceSans400 },
    headingFallback: 'Georgia, serif',
    bodyFallback: 'system-ui, sans-serif',
  },
  modern: {
    heading: { family: 'Montserrat', weight: 600, url: FONT_URLS.montserrat600 },
    body: { family: 'Inter', weight: 400, url: FONT_URLS.inter400 },
    headingFallback: 'system-ui, sans-serif',
    bodyFallback: 'system-ui, sans-serif',
  },
};

const fontFace = (f: Face) =>
  `@font-face{font-family:"${f.family}";font-style:normal;font-weight:${f.weight};font-display:swap;` +
  `src:url(${f.url}) format("woff2");unicode-range:${LATIN}}`;

/** The CSS that follows the site's own: the fonts and the accent (validated #rrggbb, contrast kept). */
export function brandCss(brand: Brand): string {
  const accent = readableAccent(brand.accent);
  const vars = [`--accent:${accent}`];
  let faces = '';
  if (brand.fontPairing !== 'system') {
    const p = PAIRS[brand.fontPairing];
    faces = fontFace(p.heading) + fontFace(p.body);
    vars.push(
      `--serif:"${p.heading.family}",${p.headingFallback}`,
      `--sans:"${p.body.family}",${p.bodyFallback}`,
      `--heading-weight:${p.heading.weight}`,
    );
  }
  return `${faces}:root{${vars.join(';')}}`;
}

/**
 * The head's links of the brand: the favicons (PNG), and a preload of the heading face only: the
 * page's CSS is inline, so the browser finds both fonts at its first layout anyway, but the
 * heading's is what the first screen's largest text waits for; the body's would only queue ahead
 * of the hero photo (docs/benchmarks.md has the three variants measured).
 */
export function BrandHead({ brand }: { brand: Brand }) {
  const heading = brand.fontPairing === 'system' ? null : PAIRS[brand.fontPairing].heading;
  return (
    <>
      {brand.favicon32 ? <link rel="icon" type="image/png" sizes="32x32" href={brand.favicon32} /> : <link rel="icon" href="data:," />}
      {brand.favicon180 && <link rel="apple-touch-icon" sizes="180x180" href={brand.favicon180} />}
      {heading && <link rel="preload" as="font" type="font/woff2" href={heading.url} crossOrigin="anonymous" />}
    </>
  );
}

/** The header's name: the logo when there is one (its name as the image's text), else the name. */
export function BrandMark({ brand, studio }: { brand: Brand; studio: string }) {
  if (!brand.logo) return <>{studio}</>;
  const { src, srcset, width, height } = brand.logo;
  return <img className="logo" src={src} srcSet={srcset} width={width} height={height} alt={studio} decoding="async" />;
}
