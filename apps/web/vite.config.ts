import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { muiWithoutUnusedThemeCode } from './build/mui-without-unused-theme-code';
import { precompress } from './build/precompress';
import { reactRouterProduction } from './build/react-router-production';
import { signedInPreload } from './build/signed-in-preload';
import { GUEST_PATHS } from './src/shared/guest-paths';
import { STYLE_GUIDE_PATHS } from './src/shared/style-guide-paths';

const root = fileURLToPath(new URL('.', import.meta.url));

// The files every page's HTML loads: React and the router, and the entry with the sign-in page (build.rolldownOptions
// below says why), beside the bundler's runtime.
const ENTRY_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'sign-in',
    test: /(src[\\/](main|features[\\/]auth[\\/]LoginPage)\.tsx|vite[\\/]modulepreload-polyfill\.js)$/,
  },
];
const LOADED_BY_HTML = new RegExp(`(^|/)(rolldown-runtime|${ENTRY_GROUPS.map((g) => g.name).join('|')})-[\\w-]+\\.js$`);
/** The guest pages' own files besides the sign-in page (features/auth). */
const GUEST_PAGE = /(^|\/)(RegisterPage|ForgotPasswordPage|PasswordResetPage)-[\w-]+\.js$/;

// The web app: built into apps/web/dist (the API serves it at `/`); in dev,
// Vite serves it and forwards /api to the API process.
export default defineConfig({
  root,
  plugins: [
    react(),
    muiWithoutUnusedThemeCode(),
    reactRouterProduction(),
    // The server preloads the signed-in route table on every path but the guest pages and the style guide's.
    signedInPreload({
      module: /src[\\/]app[\\/]signed-in-routes\.tsx$/,
      except: [...GUEST_PATHS, ...STYLE_GUIDE_PATHS],
    }),
    precompress(),
  ],
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
    modulePreload: {
      // The HTML of every path loads the runtime and the entry's groups itself (index.html): a lazy page's
      // preload list, written into the sign-in file, need not name them again (e2e/sign-in-weight.spec.ts).
      // The other guest pages (registration, password reset), each opened once by a visitor, preload their own
      // file only: its imports load as it runs, a round trip later, rather than naming twenty files in the
      // sign-in page every visitor downloads.
      resolveDependencies: (file, deps) =>
        GUEST_PAGE.test(file) ? deps.filter((dep) => dep === file) : deps.filter((dep) => !LOADED_BY_HTML.test(dep)),
    },
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports hoist-non-react-statics (with its own react-is) for `withTheme` alone, which
        // nothing here uses, but the import stays for what a CommonJS module without a `sideEffects` field might
        // do on load. It only defines functions: declared free of side effects, it goes when unused (0.9 KB of
        // the sign-in page; ADR 0023, step 7). Every other module keeps its package's own word.
        moduleSideEffects: (id: string) =>
          /node_modules[\\/]hoist-non-react-statics[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // React and the router are loaded by every page and change less often than the app: one file that
        // caches well. The entry and the sign-in page, the first page of most visits, are one file with all they
        // need beyond React (the app's frame, MUI's core, the toasts, the form's fields): one file compresses
        // better than the dozen small shared chunks it was split into, and than the entry and the page apart,
        // which named each other's bindings; the signed-in pages need most of it too. Vite's modulepreload
        // polyfill goes in first, as it did in the entry, and the HTML then names the file itself.
        // Everything else is split by who imports it, so a library only some pages use (charts, date pickers,
        // QR codes) stays out of the sign-in page (e2e/sign-in-weight.spec.ts keeps it light;
        // docs/decisions/0023-a-light-sign-in-page.md).
        codeSplitting: {
          groups: ENTRY_GROUPS,
        },
        // The sign-in file names every file its guest pages preload, each with its hash: 7 characters (the
        // fewest Rolldown allows for this many files, 8 by default) leave that much room in its budget.
        chunkFileNames: 'assets/[name]-[hash:7].js',
      },
    },
  },
});
