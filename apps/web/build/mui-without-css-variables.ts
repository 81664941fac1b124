import type { Plugin } from 'vite';

/**
 * MUI's `createTheme` and `ThemeProvider` each import their CSS-variables twin
 * (`createThemeWithVars`, `CssVarsProvider`: about 7 KB gzipped with what they
 * bring) and call it only for a theme made with `cssVariables` or
 * `colorSchemes`. This portal's theme uses neither (`src/app/theme/theme.ts`
 * builds one plain theme per mode), so the production build replaces the two
 * imports with a function that says why it is missing, should a theme ever ask
 * for it. The build fails if MUI moves the imports, so that an upgrade cannot
 * bring the weight back unnoticed (docs/decisions/0023-a-light-sign-in-page.md).
 */
const REPLACED = [
  {
    importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    source: './createThemeWithVars.mjs',
    id: '\0mui-without-css-variables:createThemeWithVars',
    code: 'export default function createThemeWithVars() { throw new Error(MISSING); }',
  },
  {
    importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    source: './ThemeProviderWithVars.mjs',
    id: '\0mui-without-css-variables:ThemeProviderWithVars',
    code: 'export function CssVarsProvider() { throw new Error(MISSING); }',
  },
];

const MISSING =
  'MUI theme CSS variables (cssVariables, colorSchemes) are left out of this build: see apps/web/build/mui-without-css-variables.ts.';

export function muiWithoutCssVariables(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = REPLACED.find((r) => r.source === source && importer !== undefined && r.importer.test(importer));
      if (!match) return null;
      replaced.add(match.id);
      return match.id;
    },
    load(id) {
      const match = REPLACED.find((r) => r.id === id);
      return match ? `const MISSING = ${JSON.stringify(MISSING)};\n${match.code}` : null;
    },
    buildEnd(error) {
      if (error) return;
      const missed = REPLACED.filter((r) => !replaced.has(r.id)).map((r) => r.source);
      if (missed.length > 0)
        this.error(
          `MUI no longer imports ${missed.join(', ')} where this plugin expects it: review it for the new version.`,
        );
    },
  };
}
