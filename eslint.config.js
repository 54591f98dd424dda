import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './eslint/boundaries.js';
import { importCyclesConfig } from './eslint/import-cycles.js';

/**
 * Besides the usual rules, lint keeps the three zones apart (decision 001): src/shared imports
 * neither side; the server never imports the web client; the web client imports from the server
 * only the API's types (for the typed RPC client). Inside each zone, eslint/boundaries.js keeps the
 * seams between features and layers (decision 011), and eslint/import-cycles.js keeps modules from
 * importing themselves back (decision 026).
 */
export default tseslint.config(
  { ignores: ['**/dist/**', 'data/**', 'node_modules/**', 'drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@server/*', '!@server/app'], message: 'The web client may import only the API type from @server/app.' },
            { group: ['@server/app'], allowTypeImports: true, message: 'Import the API only as a type.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@web/*', '**/web/**'], message: 'The server never imports the web client.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@web/*', '@server/*', '**/web/**', '**/server/**'], message: 'src/shared imports neither side.' }] },
      ],
    },
  },
  {
    // CommonJS where a tool loads a file with require() (eslint/resolve-path-aliases.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  boundariesConfig,
  importCyclesConfig,
);
