import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Dockerfile and .dockerignore against the repository they build, so a change to the layout
 * (a new npm workspace, a folder the server reads) breaks here rather than in an operator's build.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');
const instructions = dockerfile.split('\n').filter((line) => !line.trim().startsWith('#'));
const copiedFromContext = instructions
  .filter((line) => /^COPY\s/.test(line) && !/--from=/.test(line))
  .flatMap((line) => line.trim().split(/\s+/).slice(1, -1));

describe('the Dockerfile', () => {
  it('installs every npm workspace with the dependencies, before npm ci', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces?: string[] }).workspaces ?? [];
    const install = instructions.findIndex((line) => /RUN .*NPM_INSTALL/.test(line));
    for (const workspace of workspaces) {
      const folder = workspace.split('/')[0]!;
      const copy = instructions.findIndex((line) => new RegExp(`^COPY ${folder} ${folder}$`).test(line.trim()));
      expect({ workspace, copiedBeforeInstall: copy !== -1 && copy < install }).toEqual({ workspace, copiedBeforeInstall: true });
    }
  });

  it('builds from a context that .dockerignore keeps to what the image needs: no secrets, data or tests', () => {
    const rules = read('.dockerignore')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    // Everything is left out, then only the listed paths come in.
    expect(rules[0]).toBe('*');
    const allowed = rules.filter((line) => line.startsWith('!')).map((line) => line.slice(1).replace(/\/$/, ''));
    for (const path of ['package.json', 'package-lock.json', 'tsconfig.json', 'src', 'drizzle', 'scripts/build.mjs', 'vite.config.ts'])
      expect(allowed).toContain(path);
    for (const path of ['.env', 'data', 'node_modules', '.git', 'test', 'e2e', 'dist']) expect(allowed).not.toContain(path);
    expect(rules).toEqual(expect.arrayContaining(['src/**/*.test.ts', 'src/**/*.test.tsx']));
    for (const source of copiedFromContext.filter((source) => source !== '.')) {
      expect({ source, allowed: allowed.some((entry) => source === entry || source.startsWith(`${entry}/`)) }).toEqual({
        source,
        allowed: true,
      });
    }
  });

  it('runs the server as the unprivileged user, with two malloc arenas and a readiness check', () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/MALLOC_ARENA_MAX=2/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/ready/m);
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "src\/server\/main\.ts"\]$/m);
  });
});
