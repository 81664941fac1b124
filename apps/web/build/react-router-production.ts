import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

const DEVELOPMENT = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;

/**
 * React Router 7 ships a production build (`dist/production`, with its
 * developer warnings off: `ENABLE_DEV_WARNINGS = false`, the only difference)
 * but its package exports name only `dist/development`, so every bundler takes
 * the development one (remix-run/react-router#14102, open). The production
 * build of the portal takes the production files: 0.6 KB less on every page,
 * and no developer warnings in users' consoles. Tests and the dev server keep
 * the development build and its warnings. The build fails if the production
 * file is gone, so that a new version is looked at
 * (docs/decisions/0023-a-light-sign-in-page.md, step 8).
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DEVELOPMENT.test(resolved.id)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT, '$1production$2');
      if (!existsSync(production))
        this.error(
          `React Router has no production build at ${production}: review apps/web/build/react-router-production.ts.`,
        );
      return { ...resolved, id: production };
    },
  };
}
