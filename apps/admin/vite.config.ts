import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.DARKROOM_API ?? 'http://localhost:8001';

export default defineConfig({
  base: '/admin-account/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/accounts', '/adminportal', '/site', '/media', '/healthz'].map((p) => [p, api])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
