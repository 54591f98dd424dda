import path from 'node:path';
import importX from 'eslint-plugin-import-x';

/**
 * No module imports itself back through others (decision 026): a cycle makes the order modules
 * load in decide whether a value is there yet, and ties parts together that should be layered.
 * `import type` is left out of the count, as it leaves nothing behind at run time (the composition
 * root's context.ts is read as types by the features it types). Features are kept from importing
 * each other at all — a cycle between features need not be a cycle between files — by the lint
 * zones (boundaries.js: the uses each feature declares).
 */
export const importCyclesConfig = {
  files: ['src/**/*.{ts,tsx}', 'packages/**/*.{ts,mts}'],
  // Nothing imports a test, so no cycle runs through one.
  ignores: ['**/*.test.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    // TypeScript modules are read (the plugin reads JavaScript alone unless told), with TypeScript's parser.
    'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    // The same resolver as the lint zones: path aliases and the workspace packages, to real paths.
    'import-x/resolver': { [path.join(import.meta.dirname, 'resolve-path-aliases.cjs')]: {} },
  },
  rules: {
    'import-x/no-cycle': 'error',
  },
};
