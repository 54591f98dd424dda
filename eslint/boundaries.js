import path from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The seams of the code, as lint zones (docs/decisions/011-seams-and-lint-zones.md):
 * - server: a feature uses another feature only through its service (`*.service.ts`), never its
 *   repository, routes or jobs; lib/ and the infrastructure folders (db, jobs, mail, realtime,
 *   storage) never import a feature; only the composition root (src/server/*.ts) imports them all;
 * - web: a feature imports another only through its index.ts; components/ and lib/ import no
 *   feature; only the app layer (app/, main.tsx) composes features;
 * - a feature uses only the features it declares below (SERVER_FEATURE_USES, WEB_FEATURE_USES),
 *   and no two declare each other (boundaries.test.ts checks the declarations have no cycle): what
 *   both would need moves down into one of them, or the composition root hands it in;
 * - the workspace packages (packages/<name>, the built-in engine) are used only through their
 *   entry (src/index.ts), and by the app only in the generation feature (the engine adapter and the
 *   quote planner); the image package reads requests through request-language's entry; a package
 *   never imports the app or its test support, its own tests included (decision 025);
 * - product code never imports test support (test/); the app's tests may import anything.
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
  // Only the root's test/: a package's own test/ folder is part of the package.
  { type: 'test-support', pattern: 'test/**', partialMatch: false },
  { type: 'package', pattern: 'packages/*', capture: ['package'] },
];

/**
 * Which other features each feature uses (through their service or index); a feature not listed
 * uses none. The uses form no cycle (checked by boundaries.test.ts): sessions does not use
 * generation, for instance — the composition root hands it generation's reply starter.
 */
export const SERVER_FEATURE_USES = {
  account: ['admin', 'auth', 'billing', 'retention', 'sessions', 'uploads'],
  admin: ['auth', 'billing', 'generation'],
  generation: ['billing', 'masks', 'retention', 'sessions', 'uploads'],
  me: ['admin', 'auth'],
  retention: ['masks', 'uploads'],
  sessions: ['masks', 'retention'],
  verification: ['uploads'],
};
export const WEB_FEATURE_USES = {
  studio: ['billing'],
};

const from = (...types) => ({ element: { types: { anyOf: types } } });
const to = (types, extra = {}) => ({ to: { element: { types: { anyOf: types }, ...extra } } });

const packageEntry = (name) => to(['package'], { captured: { package: name }, fileInternalPath: 'src/index.ts' });

const policies = [
  { from: from('shared'), allow: to(['shared']) },
  { from: from('server-root'), allow: to(['server-feature', 'server-infrastructure', 'server-lib', 'shared']) },
  { from: from('server-lib'), allow: to(['shared']) },
  { from: from('server-infrastructure'), allow: to(['server-infrastructure', 'server-lib', 'shared']) },
  { from: from('server-feature'), allow: to(['server-infrastructure', 'server-lib', 'shared']) },
  // The built-in engine's packages, through their entry: the engine adapter and the quote planner.
  {
    from: { element: { types: 'server-feature', captured: { feature: 'generation' } } },
    allow: [packageEntry('image'), packageEntry('request-language')],
  },
  // Another feature is used through its service, never its repository, routes or jobs; only one it declares.
  ...Object.entries(SERVER_FEATURE_USES).map(([feature, uses]) => ({
    from: { element: { types: 'server-feature', captured: { feature } } },
    allow: uses.map((used) => to(['server-feature'], { captured: { feature: used }, fileInternalPath: '*.service.ts' })),
  })),
  // What the composition root builds (AppDeps) and what middleware sets (AppEnv): types only.
  {
    from: from('server-lib', 'server-infrastructure', 'server-feature'),
    allow: { ...to(['server-root'], { fileInternalPath: 'context.ts' }), dependency: { kind: 'type' } },
  },
  { from: from('web-app'), allow: to(['web-feature', 'web-common', 'shared']) },
  { from: from('web-feature'), allow: to(['web-common', 'shared']) },
  // Another feature is used through its index.ts, never its internals; only one it declares.
  ...Object.entries(WEB_FEATURE_USES).map(([feature, uses]) => ({
    from: { element: { types: 'web-feature', captured: { feature } } },
    allow: uses.map((used) => to(['web-feature'], { captured: { feature: used }, fileInternalPath: 'index.ts' })),
  })),
  { from: from('web-common'), allow: to(['web-common', 'shared']) },
  // Within a package anything goes (the rule leaves a part's own files alone); across, only this.
  { from: { element: { types: 'package', captured: { package: 'image' } } }, allow: packageEntry('request-language') },
  // The typed API client reads the server's route table, as a type only.
  {
    from: from('web-app', 'web-feature', 'web-common'),
    allow: { ...to(['server-root'], { fileInternalPath: 'app.ts' }), dependency: { kind: 'type' } },
  },
];

export const boundariesConfig = {
  // The app's tests and their support (test/) set up and inspect through any layer; the seams are the
  // product's. A package's tests, benchmarks and test support stay inside it like its code.
  files: ['src/**/*.{ts,tsx}', 'packages/**/*.{ts,mts}'],
  ignores: ['src/**/*.test.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': elements,
    // By its absolute path: a relative one is taken from the linted file's nearest package.json, and each workspace package has its own.
    'import/resolver': { [path.join(import.meta.dirname, 'resolve-path-aliases.cjs')]: {} },
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'disallow', policies }],
  },
};
