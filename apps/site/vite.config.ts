import { defineConfig } from 'vite';

/**
 * Two builds: the client enhancement script (lightbox, endless gallery, enquiry form), hashed
 * under /site-assets/ with a manifest; and, with `--ssr`, the server renderer the API process
 * imports. React runs on the server only: pages ship no framework to the browser.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/site-assets/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: false, rollupOptions: { output: { entryFileNames: 'render.js' } } }
    : {
        outDir: 'dist/client',
        manifest: true,
        sourcemap: false,
        target: 'es2020',
        rollupOptions: { input: { site: 'src/client/main.ts' } },
      },
}));
