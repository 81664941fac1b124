import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (a single worker on the
    // 2-core CI machine), and the API files spend much of their time waiting
    // on PostgreSQL, anvil and timers: two workers took the suite from 234 s
    // to 156 s on PostgreSQL and from 289 s to 232 s on PGlite, all passing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The API files share one module graph per worker instead of importing it
          // anew for each file (docs/performance.md, "CI time"; ADR 0059). Safe because
          // no domain keeps per-portal state at module level (apps/api/src/per-process.ts).
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // A page rendered in jsdom with MUI takes 2–4 s when the machine is busy (two workers, API files beside
          // it); vitest's 5 s default then fails a test that is right. Not a time any test asserts.
          testTimeout: 20_000,
          setupFiles: [fileURLToPath(new URL('./apps/web/src/test-setup.ts', import.meta.url))],
        },
      },
    ],
  },
});
