import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Two builds: the client enhancement scripts (the site's: lightbox, endless gallery, enquiry form;
 * the customer's gallery page's: lightbox, favourites, endless photos), hashed
 * under /site-assets/ with a manifest; and, with `--ssr`, the server renderer the API process
 * imports. React runs on the server only: pages ship no framework to the browser.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/site-assets/',
  oxc: { jsx: { runtime: 'automatic' } },
  // The client script also as .br and .gz, sent as they are (`preCompressed`).
  plugins: isSsrBuild
    ? []
    : [
        compression({
          include: /\.(js|css)$/,
          threshold: 1024,
          algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
          logLevel: 'silent',
        }),
      ],
  build: isSsrBuild
    ? { target: 'node20', sourcemap: false, rollupOptions: { output: { entryFileNames: 'render.js' } } }
    : {
        outDir: 'dist/client',
        manifest: true,
        sourcemap: false,
        target: 'es2020',
        // `fonts` only carries the font files into the build (the renderer links them).
        rollupOptions: { input: { site: 'src/client/main.ts', delivery: 'src/client/delivery.ts', fonts: 'src/fonts.ts' } },
      },
}));
