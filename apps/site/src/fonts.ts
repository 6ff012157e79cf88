import cormorant600 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url';
import lato400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url';
import playfair500 from '@fontsource/playfair-display/files/playfair-display-latin-500-normal.woff2?url';
import sourceSans400 from '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2?url';
import montserrat600 from '@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url';
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';

/**
 * The font files of the pairings (latin subset, one weight each). The server renderer only needs
 * their URLs; the client build has this module as an entry so Vite emits the files under
 * /site-assets/ with the same content-hashed names.
 */
export const FONT_URLS = { cormorant600, lato400, playfair500, sourceSans400, montserrat600, inter400 };
