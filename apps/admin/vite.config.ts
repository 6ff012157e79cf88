import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.DARKROOM_API ?? 'http://localhost:8001';

export default defineConfig({
  base: '/admin-account/',
  plugins: [
    react(),
    // Every script, style and page written a second and third time, brotli and gzip at their
    // best: the server sends those files as they are (`preCompressed`), never compressing per request.
    compression({
      include: /\.(js|mjs|css|html|svg|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/accounts', '/adminportal', '/site', '/media', '/healthz'].map((p) => [p, api])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by `bench/bundle.ts` (sizes of what each page loads); not served (dotted folder).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
