import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_FEATURE_USES, WEB_FEATURE_USES } from './boundaries.js';

/**
 * The lint zones of eslint/boundaries.js, proven on deliberate violations: each snippet is linted
 * as if it were a file at that path of the product (the imported files are real ones).
 */
// The import-cycle rule has its own test (import-cycles.test.ts), and walks the module graph: off here.
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, '..'),
  overrideConfig: { files: ['**/*.ts'], rules: { 'import-x/no-cycle': 'off' } },
});

async function boundaryProblems(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [imported];\n`, { filePath });
  const problems = result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
  // An import the resolver could not follow is reported under the same rule: that is a broken check, not a refusal.
  expect(problems.filter((problem) => problem.startsWith('Resolve error'))).toEqual([]);
  return problems;
}

describe('the lint zones', { timeout: 30_000 }, () => {
  it.each([
    [
      "a server feature importing another feature's repository",
      'src/server/features/generation/x.ts',
      "import { isActiveSessionOf as imported } from '../sessions/sessions.repository';",
    ],
    [
      "a server feature importing another feature's routes",
      'src/server/features/generation/x.ts',
      "import { sessionsRoutes as imported } from '../sessions/sessions.routes';",
    ],
    [
      'lib/ importing a feature',
      'src/server/lib/x.ts',
      "import { listSessions as imported } from '../features/sessions/sessions.service';",
    ],
    [
      'realtime/ importing a feature (through the alias)',
      'src/server/realtime/x.ts',
      "import { listSessions as imported } from '@server/features/sessions/sessions.service';",
    ],
    [
      'jobs/ importing a feature',
      'src/server/jobs/x.ts',
      "import { runGenerationJob as imported } from '../features/generation/generation.jobs';",
    ],
    ['a feature importing the composition root', 'src/server/features/me/x.ts', "import { createApp as imported } from '../../app';"],
    [
      "a web feature importing another feature's component",
      'src/web/features/studio/x.ts',
      "import { BalanceText as imported } from '@web/features/billing/components/balance-text';",
    ],
    [
      'web components importing a feature',
      'src/web/components/layouts/x.ts',
      "import { useMe as imported } from '@web/features/auth/api/get-me';",
    ],
    ['a web feature importing the app layer', 'src/web/features/studio/x.ts', "import { routes as imported } from '@web/app/router';"],
    [
      'product code importing test support',
      'src/server/features/uploads/x.ts',
      "import { fixture as imported } from '@test/server/uploads';",
    ],
    [
      'sessions using generation, which uses sessions: the two would import each other',
      'src/server/features/sessions/x.ts',
      "import { requestReply as imported } from '../generation/generation.service';",
    ],
    [
      'a server feature using a feature it does not declare',
      'src/server/features/verification/x.ts',
      "import { listSessions as imported } from '../sessions/sessions.service';",
    ],
    [
      'a web feature using a feature it does not declare',
      'src/web/features/library/x.ts',
      "import { BalanceText as imported } from '@web/features/billing';",
    ],
    [
      "the app importing a package's internals",
      'src/server/features/generation/x.ts',
      "import { decodeToRaster as imported } from '../../../../packages/image/src/raster';",
    ],
    [
      "the app importing a package's internals by its name",
      'src/server/features/generation/planner/x.ts',
      "import { tokenize as imported } from '@photomuse/request-language/src/text-match';",
    ],
    [
      'a feature other than generation importing the engine',
      'src/server/features/verification/x.ts',
      "import { LocalImageEngine as imported } from '@photomuse/image';",
    ],
    [
      'the web client importing a package',
      'src/web/features/studio/x.ts',
      "import { tokenize as imported } from '@photomuse/request-language';",
    ],
    ['a package importing the app', 'packages/image/src/x.ts', "import { aspectRatioValue as imported } from '@shared/generation';"],
    [
      "a package's test importing the app's test support",
      'packages/image/src/x.test.ts',
      "import { fixture as imported } from '@test/server/images';",
    ],
    [
      'request-language importing the image package',
      'packages/request-language/src/x.ts',
      "import { LocalImageEngine as imported } from '@photomuse/image';",
    ],
    [
      "the image package importing request-language's internals",
      'packages/image/src/x.ts',
      "import { tokenize as imported } from '../../request-language/src/text-match';",
    ],
  ])('refuses %s', async (_what, filePath, importLine) => {
    expect(await boundaryProblems(filePath, importLine)).toHaveLength(1);
  });

  it.each([
    [
      "a server feature calling another feature's service",
      'src/server/features/generation/x.ts',
      "import { assertOwnActiveSession as imported } from '../sessions/sessions.service';",
    ],
    [
      'a feature reading the types of what the composition root builds',
      'src/server/features/me/x.ts',
      "import type { AppDeps as imported } from '../../context';",
    ],
    [
      'the composition root importing any feature',
      'src/server/x.ts',
      "import { billingRoutes as imported } from './features/billing/billing.routes';",
    ],
    [
      'a web feature importing another through its index',
      'src/web/features/studio/x.ts',
      "import { BalanceText as imported } from '@web/features/billing';",
    ],
    [
      'the app layer importing any part of a feature',
      'src/web/app/x.ts',
      "import { useMe as imported } from '@web/features/auth/api/get-me';",
    ],
    ['the web client reading the API type', 'src/web/lib/x.ts', "import type { ApiRoutes as imported } from '@server/app';"],
    [
      'a test importing test support',
      'src/server/features/uploads/x.int.test.ts',
      "import { fixture as imported } from '@test/server/uploads';",
    ],
    [
      "the engine adapter importing the image package's entry",
      'src/server/features/generation/engines/x.ts',
      "import { LocalImageEngine as imported } from '@photomuse/image';",
    ],
    [
      "the quote planner importing request-language's entry",
      'src/server/features/generation/planner/x.ts',
      "import { tokenize as imported } from '@photomuse/request-language';",
    ],
    [
      "the image package reading requests through request-language's entry",
      'packages/image/src/x.ts',
      "import { tokenize as imported } from '@photomuse/request-language';",
    ],
    ['a package using its own files', 'packages/image/src/vision/x.ts', "import { decodeToRaster as imported } from '../raster';"],
  ])('allows %s', async (_what, filePath, importLine) => {
    expect(await boundaryProblems(filePath, importLine)).toEqual([]);
  });
});

/** A cycle in the declared uses, as the features that form it; null when there is none. */
function cycleIn(uses: Record<string, readonly string[]>): string[] | null {
  const visiting: string[] = [];
  const done = new Set<string>();
  const visit = (feature: string): string[] | null => {
    if (visiting.includes(feature)) return [...visiting.slice(visiting.indexOf(feature)), feature];
    if (done.has(feature)) return null;
    visiting.push(feature);
    for (const used of uses[feature] ?? []) {
      const cycle = visit(used);
      if (cycle) return cycle;
    }
    visiting.pop();
    done.add(feature);
    return null;
  };
  for (const feature of Object.keys(uses)) {
    const cycle = visit(feature);
    if (cycle) return cycle;
  }
  return null;
}

describe('the uses features declare', () => {
  it('form no cycle, so no two features import each other', () => {
    expect(cycleIn(SERVER_FEATURE_USES)).toBeNull();
    expect(cycleIn(WEB_FEATURE_USES)).toBeNull();
  });

  it('would be caught forming one', () => {
    const cycle = cycleIn({ ...SERVER_FEATURE_USES, sessions: [...(SERVER_FEATURE_USES.sessions ?? []), 'generation'] });
    // Found from whichever feature the walk reaches first: sessions → generation → sessions, or the same loop from generation.
    expect(cycle).not.toBeNull();
    expect(cycle![0]).toBe(cycle!.at(-1));
    expect(new Set(cycle)).toEqual(new Set(['sessions', 'generation']));
  });
});
