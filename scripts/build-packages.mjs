// Builds the workspace packages that have a build step (the image package's vision worker), as
// `npm install` does through their `prepare`: `npm run build`, `npm start` and `npm run dev` run it
// as well, so a changed package source never runs from a stale build.
import { spawnSync } from 'node:child_process';

export function buildPackages(root) {
  // Under npm, the npm that runs us; started by hand, the one on PATH.
  const [command, args] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const build = spawnSync(command, [...args, 'run', 'build', '--workspaces', '--if-present', '--silent'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}
