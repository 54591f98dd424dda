#!/usr/bin/env node
// `npm test`: types, lint, formatting, unit and integration tests (real Postgres), then browser tests against
// the server started as `npm start` starts it. Stops at the first failing step; ends with one
// "N passed, N failed" line over every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'node_modules/.cache/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', name);

const vitest = (project) => [
  node,
  [
    bin('vitest/vitest.mjs'),
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${project}.json`)}`,
  ],
];

const steps = [
  ['types', [node, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json']]],
  ['lint', [node, [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0']]],
  ['format', [node, [bin('prettier/bin/prettier.cjs'), '--check', '.']]],
  ['unit', vitest('unit')],
  ['integration', vitest('integration')],
  ['chromium', [node, [path.join(root, 'scripts/ensure-chromium.mjs')]]],
  ['e2e', vitest('e2e')],
];

const only = process.env.TEST_STEPS?.split(',');
let failedStep;
for (const [name, [command, args]] of steps) {
  if (only && !only.includes(name)) continue;
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const project of ['unit', 'integration', 'e2e']) {
  const file = path.join(reports, `${project}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}
if (failedStep) console.log(`\n✗ npm test stopped at the "${failedStep}" step`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedStep || failed > 0 ? 1 : 0);
