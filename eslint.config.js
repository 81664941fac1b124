import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the types of the tsconfig.json that includes it
        // (packages/contract, apps/api, apps/web, e2e, bench, scripts); the root's two configs have
        // no tsconfig.json beside them and are checked with the default project.
        projectService: { allowDefaultProject: ['vitest.config.ts', 'playwright.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A promise nobody awaits loses its error; `void` marks the few that are meant to run on.
      '@typescript-eslint/no-floating-promises': 'error',
      // React ignores what an event attribute returns; react-hook-form's handleSubmit is
      // handed to onSubmit as its documentation shows, and it reports its own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Async is the declared shape of route handlers, job steps and the interfaces they
      // implement (apps/api/src/context.ts): a body with nothing to await stays async so
      // every caller sees one signature and a throw still becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // Both flag String(value) and `${value}` where value is typed unknown but the code has
      // narrowed it to a primitive at run time (ledger refs and audit values read as JSON,
      // fetch inputs in tests): none of their findings here printed "[object Object]".
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      // React Router's loaders throw redirect(), a Response, as its documentation shows.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Money never passes through a float: parse amounts with the contract's money helpers.
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money is never a float: use the money helpers.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Number', property: 'parseFloat', message: 'Money is never a float.' },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/api', 'apps/web'], noWarnOnMultipleProjects: true }),
      ],
    },
    // A file that imports another which imports it back cannot be read (or loaded) on its own.
    // A lazy `import()` is not such a loop: it runs after both files are loaded, and the web
    // app's route table loads its pages that way (docs/decisions/0017-lazy-routes-and-confirmed-money-forms.md).
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['apps/api/test/**/*.ts'],
    // The API tests read answers with Fastify's inject `res.json()`, typed `any` on purpose
    // (the assertions are the type check): reading its members is the tests' normal case.
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly' },
    },
  },
);
