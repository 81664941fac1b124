import type { Plugin } from 'vite';

/**
 * MUI's theme code carries parts this portal's browser build never calls; the
 * production build replaces their imports with a function that says why it is
 * missing, should anything ever ask for it:
 * - `createTheme` and `ThemeProvider` each import their CSS-variables twin
 *   (`createThemeWithVars`, `CssVarsProvider`: about 7 KB gzipped with what
 *   they bring) and call it only for a theme made with `cssVariables` or
 *   `colorSchemes`. This portal's theme uses neither (`src/app/theme/theme.ts`
 *   builds one plain theme per mode).
 * - `createThemeNoVars` attaches `stringifyTheme` as `theme.toRuntimeSource`,
 *   which only Pigment CSS calls, at build time, to serialise a theme
 *   (0.2 KB); this portal styles with Emotion at run time.
 * The build fails if MUI moves an import, so that an upgrade cannot bring the
 * weight back unnoticed (docs/decisions/0023-a-light-sign-in-page.md, steps 1 and 13).
 */
const WHY = 'see apps/web/build/mui-without-unused-theme-code.ts.';
const CSS_VARIABLES = `MUI theme CSS variables (cssVariables, colorSchemes) are left out of this build: ${WHY}`;
const PIGMENT = `MUI's theme.toRuntimeSource (Pigment CSS) is left out of this build: ${WHY}`;

/** Each replaced import: who imports it, what, and the stand-in, which throws `MISSING`. */
const REPLACED = [
  {
    importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    source: './createThemeWithVars.mjs',
    id: '\0mui-without-unused-theme-code:createThemeWithVars',
    missing: CSS_VARIABLES,
    code: 'export default function createThemeWithVars() { throw new Error(MISSING); }',
  },
  {
    importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    source: './ThemeProviderWithVars.mjs',
    id: '\0mui-without-unused-theme-code:ThemeProviderWithVars',
    missing: CSS_VARIABLES,
    code: 'export function CssVarsProvider() { throw new Error(MISSING); }',
  },
  {
    importer: /@mui[\\/]material[\\/]styles[\\/]createThemeNoVars\.mjs$/,
    source: './stringifyTheme.mjs',
    id: '\0mui-without-unused-theme-code:stringifyTheme',
    missing: PIGMENT,
    code: 'export function stringifyTheme() { throw new Error(MISSING); }',
  },
];

export function muiWithoutUnusedThemeCode(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'mui-without-unused-theme-code',
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
      return match ? `const MISSING = ${JSON.stringify(match.missing)};\n${match.code}` : null;
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
