#!/usr/bin/env node
// Browser tests drive Debian's Chromium. Install it when missing (as root), or say what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(executable)) process.exit(0);

const isRoot = os.userInfo().uid === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.error(`Chromium is missing at ${executable}; installing Debian's chromium package…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(executable)) process.exit(0);
}
console.error(
  [
    `The browser tests need Chromium at ${executable}, and it is not there.`,
    hasApt ? '  Install it with:  sudo apt-get install -y chromium' : '  Install Chromium with your package manager,',
    '  or point CHROMIUM_PATH at an existing Chromium or Chrome binary, then run npm test again.',
  ].join('\n'),
);
process.exit(1);
