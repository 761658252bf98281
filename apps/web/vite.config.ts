import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// The built app is served by the API server (same origin); in dev, vite proxies API calls to it.
const api = { target: 'http://localhost:3000', changeOrigin: false };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The service worker (issue #27, decision 084): our own (push, the notification's buttons,
    // offline pages), with the list of built files written in for it to keep. The app registers
    // it after its first page is drawn, and the server serves a manifest per brand, so the plugin
    // injects neither.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/service-worker',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // The shell, every page's code and styles, and the icons; not the PDF guides.
          globPatterns: ['**/*.{js,css,html,svg,png}'],
          globIgnores: ['docs/**'],
        },
      }),
    // The server's render of the public pages (`vite build --ssr`, decision 071) is read from disk.
    !isSsrBuild &&
      // Each text file is written beside itself as .br and .gz, at the strongest levels: the
      // server picks one by Accept-Encoding and never compresses a built file per request
      // (decision 069). The source maps are fetched only by developer tools; left as they are.
      compression({
        include: /\.(js|css|html|svg|json|txt|xml)$/,
        exclude: /\.map$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
  ],
  ssr: {
    // Mantine's components import their CSS modules' class names; Node cannot load .css itself.
    noExternal: [/^@mantine\//],
  },
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets bench/web sum the JavaScript each route needs.
    manifest: true,
    // No `modulepreload` links appended from script ahead of a lazy chunk: at a phone's speed,
    // appending the store's 34 links was a task of 40–130 ms of its own just as the page is taken
    // over (Lighthouse's total blocking time, issue #25, decision 071). The browser fetches a
    // chunk's imports as it reads them; a page that loads apart now costs a round trip or two
    // more. A lazy chunk's stylesheet is still linked by Vite's loader.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The entry's preload map names every lazy chunk, so names cost bytes in the sign-in
        // download (bench/web): a page's own chunk keeps its name, the shared pieces split out of
        // pages (Mantine internals, icons) go by hash alone.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          // Everything the first page needs loads at start anyway: one chunk compresses better
          // than the dozen small common chunks the automatic split makes of it (bench/web).
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Whole-app tests type into forms key by key in jsdom; on a 2-core CI machine running two
    // test files at once a long form (a replacement order's two addresses) passed 15 s while it
    // takes about 2 s alone. The bound only says when to give up.
    testTimeout: 60_000,
  },
}));
