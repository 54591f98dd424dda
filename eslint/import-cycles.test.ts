import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import-cycle rule of eslint/import-cycles.js, proven on deliberate cycles: each snippet is
 * linted as if it were the file at that path, and the files it imports are the real ones, which
 * import that path back.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function cycleProblems(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [imported];\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map((message) => message.message);
}

// The first lint walks the module graph from cold: seconds on a busy machine.
describe('the import-cycle rule', { timeout: 30_000 }, () => {
  it('refuses a module importing one that imports it', async () => {
    // generation.service imports generation.repository.
    expect(
      await cycleProblems(
        'src/server/features/generation/generation.repository.ts',
        "import { requestReply as imported } from './generation.service';",
      ),
    ).toEqual(['Dependency cycle detected']);
  });

  it('refuses a cycle through modules of two features', async () => {
    // generation.service imports sessions.service: the two features would import each other.
    expect(
      await cycleProblems(
        'src/server/features/sessions/sessions.service.ts',
        "import { requestReply as imported } from '../generation/generation.service';",
      ),
    ).toEqual(['Dependency cycle detected']);
  });

  it('refuses a cycle through a path alias and several modules', async () => {
    // generation.jobs imports generation.repository, which imports the realtime events.
    expect(
      await cycleProblems(
        'src/server/realtime/events.ts',
        "import { runGenerationJob as imported } from '@server/features/generation/generation.jobs';",
      ),
    ).toHaveLength(1);
  });

  it('allows an import back that is a type only: it leaves nothing at run time', async () => {
    expect(
      await cycleProblems(
        'src/server/features/generation/generation.repository.ts',
        "import type { ReplyDeps as imported } from './generation.service';",
      ),
    ).toEqual([]);
  });
});
