import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';
import { serviceWorker } from './vite-service-worker.ts';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  // The manifest lets `npm run bench` add up the JS each first screen loads (bench/measure/client-js.ts).
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
