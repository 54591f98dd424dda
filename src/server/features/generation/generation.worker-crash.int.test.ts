import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { agentJobs, generatedOutputs, ledgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * The API with WORKER=off and generation in a separate `npm run worker` process, killed with
 * SIGKILL in the middle of a job: after a new worker starts, the job ends with exactly one set of
 * outputs and one charge.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;
const workers: ChildProcess[] = [];

const engineEnv = (baseUrl: string) => ({ IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', GENERATION_TIMEOUT_SECONDS: '4' });

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat(() => ({ intent: 'generate', sourceImages: 'none', instruction: 'A windmill', imageCount: 1, aspectRatio: 'unchanged', style: null }));
  server = await startTestServer({ ...engineEnv(openai.baseUrl), WORKER: 'off' });
});
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await server?.stop();
  await openai?.close();
});

function startWorker(): ChildProcess {
  const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL'));
  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: root,
    env: { ...baseEnv, ...engineEnv(openai.baseUrl), NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: inject('databaseUrl'), DATA_DIR: server.deps.config.dataDir },
    stdio: 'ignore',
  });
  workers.push(worker);
  return worker;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a worker killed in the middle of a job', () => {
  it('is replaced by another that finishes it: one output set, one charge', { timeout: 90_000 }, async () => {
    const client = await signedInUser(server);
    // The first call hangs long enough for the kill; the retry is answered at once.
    openai.script('/images/generations', { status: 200, delayMs: 60_000 });
    const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: 'a windmill' })).json()) as { session_id: string };
    const accepted = (await (await client.post('/api/chat', { session_id: sent.session_id })).json()) as { job_id: string };

    const first = startWorker();
    await until('the first worker to call the provider', () => (openai.received.some((r) => r.path === '/images/generations') ? true : undefined));
    first.kill('SIGKILL');
    await until('the first worker to die', () => (first.exitCode !== null || first.signalCode ? true : undefined));

    startWorker();
    const job = await until('the job to settle', async () => {
      const [row] = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, accepted.job_id));
      return row?.status === 'completed' || row?.status === 'failed' ? row : undefined;
    });
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(2);
    expect(await server.deps.db.select().from(generatedOutputs).where(eq(generatedOutputs.jobId, job.id))).toHaveLength(1);
    const entries = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, job.id));
    expect(entries.map((e) => e.kind)).toEqual(['usage']);
  });
});
