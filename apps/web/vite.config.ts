import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

// The web app: built into apps/web/dist (the API serves it at `/`); in dev,
// Vite serves it and forwards /api to the API process.
export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Everything (fonts included) is bundled; nothing is fetched from another origin.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // React and the router are loaded by every page and change less often than the app: one file that
        // caches well. Everything else is split by who imports it, so a library only some pages use (charts,
        // date pickers, QR codes) stays out of the sign-in page (e2e/sign-in-weight.spec.ts keeps it light).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
