import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The built app is served by the API server (same origin); in dev, vite proxies API calls to it.
const api = { target: 'http://localhost:3000', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/LoginGateway.php': api,
      '/RegistrationGateway.php': api,
      // The live readings channel is a WebSocket (device-management §4).
      '/live': { ...api, ws: true },
    },
  },
  // The manifest lets bench/web sum the JavaScript each route needs.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
