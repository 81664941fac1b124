import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Money never passes through a float: parse amounts with the contract's money helpers.
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money is never a float: use the money helpers.' }],
      'no-restricted-properties': ['error', { object: 'Number', property: 'parseFloat', message: 'Money is never a float.' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
