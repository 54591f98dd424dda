import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint zones of eslint/boundaries.js, proven on deliberate violations: each snippet is linted
 * as if it were a file at that path of the product (the imported files are real ones).
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function boundaryProblems(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [imported];\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('the lint zones', () => {
  it.each([
    ["a server feature importing another feature's repository", 'src/server/features/generation/x.ts', "import { isActiveSessionOf as imported } from '../sessions/sessions.repository';"],
    ["a server feature importing another feature's routes", 'src/server/features/generation/x.ts', "import { sessionsRoutes as imported } from '../sessions/sessions.routes';"],
    ['lib/ importing a feature', 'src/server/lib/x.ts', "import { listSessions as imported } from '../features/sessions/sessions.service';"],
    ['realtime/ importing a feature (through the alias)', 'src/server/realtime/x.ts', "import { listSessions as imported } from '@server/features/sessions/sessions.service';"],
    ['jobs/ importing a feature', 'src/server/jobs/x.ts', "import { runGenerationJob as imported } from '../features/generation/generation.jobs';"],
    ['a feature importing the composition root', 'src/server/features/me/x.ts', "import { createApp as imported } from '../../app';"],
    ["a web feature importing another feature's component", 'src/web/features/studio/x.ts', "import { BalanceText as imported } from '@web/features/billing/components/balance-text';"],
    ['web components importing a feature', 'src/web/components/layouts/x.ts', "import { useMe as imported } from '@web/features/auth/api/get-me';"],
    ['a web feature importing the app layer', 'src/web/features/studio/x.ts', "import { routes as imported } from '@web/app/router';"],
    ['product code importing test support', 'src/server/features/uploads/x.ts', "import { fixture as imported } from '@test/server/uploads';"],
  ])('refuses %s', async (_what, filePath, importLine) => {
    expect(await boundaryProblems(filePath, importLine)).toHaveLength(1);
  });

  it.each([
    ["a server feature calling another feature's service", 'src/server/features/generation/x.ts', "import { assertOwnActiveSession as imported } from '../sessions/sessions.service';"],
    ['a feature reading the types of what the composition root builds', 'src/server/features/me/x.ts', "import type { AppDeps as imported } from '../../context';"],
    ['the composition root importing any feature', 'src/server/x.ts', "import { billingRoutes as imported } from './features/billing/billing.routes';"],
    ['a web feature importing another through its index', 'src/web/features/studio/x.ts', "import { BalanceText as imported } from '@web/features/billing';"],
    ['the app layer importing any part of a feature', 'src/web/app/x.ts', "import { useMe as imported } from '@web/features/auth/api/get-me';"],
    ['the web client reading the API type', 'src/web/lib/x.ts', "import type { ApiRoutes as imported } from '@server/app';"],
    ['a test importing test support', 'src/server/features/uploads/x.int.test.ts', "import { fixture as imported } from '@test/server/uploads';"],
  ])('allows %s', async (_what, filePath, importLine) => {
    expect(await boundaryProblems(filePath, importLine)).toEqual([]);
  });
});
