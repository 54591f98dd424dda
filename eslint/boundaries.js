import boundaries from 'eslint-plugin-boundaries';

/**
 * The seams of the code, as lint zones (docs/decisions/011-seams-and-lint-zones.md):
 * - server: a feature uses another feature only through its service (`*.service.ts`), never its
 *   repository, routes or jobs; lib/ and the infrastructure folders (db, jobs, mail, realtime,
 *   storage) never import a feature; only the composition root (src/server/*.ts) imports them all;
 * - web: a feature imports another only through its index.ts; components/ and lib/ import no
 *   feature; only the app layer (app/, main.tsx) composes features;
 * - product code never imports test support (test/); tests may import anything.
 */

const elements = [
  { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
  { type: 'server-lib', pattern: 'src/server/lib' },
  { type: 'server-infrastructure', pattern: 'src/server/{db,jobs,mail,realtime,storage}' },
  // What is left of src/server after the folders above: the composition root (src/server/*.ts).
  { type: 'server-root', pattern: 'src/server' },
  { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'web-common', pattern: 'src/web/{components,lib,locales}' },
  // What is left of src/web: the app layer (app/, main.tsx).
  { type: 'web-app', pattern: 'src/web' },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'test-support', pattern: 'test' },
];

const from = (...types) => ({ element: { types: { anyOf: types } } });
const to = (types, extra = {}) => ({ to: { element: { types: { anyOf: types }, ...extra } } });

const policies = [
  { from: from('shared'), allow: to(['shared']) },
  { from: from('server-root'), allow: to(['server-feature', 'server-infrastructure', 'server-lib', 'shared']) },
  { from: from('server-lib'), allow: to(['shared']) },
  { from: from('server-infrastructure'), allow: to(['server-infrastructure', 'server-lib', 'shared']) },
  { from: from('server-feature'), allow: to(['server-infrastructure', 'server-lib', 'shared']) },
  // Another feature is used through its service, never its repository, routes or jobs.
  { from: from('server-feature'), allow: to(['server-feature'], { fileInternalPath: '*.service.ts' }) },
  // What the composition root builds (AppDeps) and what middleware sets (AppEnv): types only.
  { from: from('server-lib', 'server-infrastructure', 'server-feature'), allow: { ...to(['server-root'], { fileInternalPath: 'context.ts' }), dependency: { kind: 'type' } } },
  { from: from('web-app'), allow: to(['web-feature', 'web-common', 'shared']) },
  { from: from('web-feature'), allow: to(['web-common', 'shared']) },
  // Another feature is used through its index.ts, never its internals.
  { from: from('web-feature'), allow: to(['web-feature'], { fileInternalPath: 'index.ts' }) },
  { from: from('web-common'), allow: to(['web-common', 'shared']) },
  // The typed API client reads the server's route table, as a type only.
  { from: from('web-app', 'web-feature', 'web-common'), allow: { ...to(['server-root'], { fileInternalPath: 'app.ts' }), dependency: { kind: 'type' } } },
];

export const boundariesConfig = {
  // Tests and their support (test/) set up and inspect through any layer; the seams are the product's.
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': elements,
    'import/resolver': { './eslint/resolve-path-aliases.cjs': {} },
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'disallow', policies }],
  },
};
