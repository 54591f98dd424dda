import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserFile } from '@shared/studio';
import { inject } from 'vitest';
import { agentJobs, generatedOutputs, ledgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { uploadFixture } from '@test/server/uploads';
import { expectRefundedOnce, replyOf } from '@test/server/generation';
import { until } from '@test/server/until';

/**
 * The API with WORKER=off and generation in a separate `npm run worker` process, killed with
 * SIGKILL in the middle of a job: after a new worker starts, the job is resumed (one set of
 * outputs, one charge) — or, when it was on its last try, settled with one refund.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;
const workers: ChildProcess[] = [];

const engineEnv = (baseUrl: string) => ({
  IMAGE_ENGINE: 'openai',
  OPENAI_BASE_URL: baseUrl,
  OPENAI_API_KEY: 'sk-test',
  GENERATION_TIMEOUT_SECONDS: '4',
});

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat((request) => {
    const format = request.response_format as { json_schema?: { name?: string } } | undefined;
    if (format?.json_schema?.name === 'upload_review')
      return { approved: true, reason: null, suggestions: [{ title: 'Windmill', description: 'Add a windmill.' }] };
    return { intent: 'generate', sourceImages: 'none', instruction: 'A windmill', imageCount: 1, aspectRatio: 'unchanged', style: null };
  });
  // Jobs carry their retry delay from here (where they are sent).
  server = await startTestServer(
    { ...engineEnv(openai.baseUrl), WORKER: 'off', FREE_GENERATIONS: '1' },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
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
    env: {
      ...baseEnv,
      ...engineEnv(openai.baseUrl),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: server.deps.config.dataDir,
    },
    stdio: 'ignore',
  });
  workers.push(worker);
  return worker;
}

afterEach(() => {
  for (const worker of workers) if (worker.exitCode === null && !worker.signalCode) worker.kill('SIGKILL');
  openai.reset();
});

async function killDuringCall(worker: ChildProcess, callNumber: number) {
  await until(`the worker to make image call ${callNumber}`, () =>
    openai.received.filter((r) => r.path === '/images/generations').length >= callNumber ? true : undefined,
  );
  worker.kill('SIGKILL');
  await until('the worker to die', () => (worker.exitCode !== null || worker.signalCode ? true : undefined));
}

describe('a worker killed in the middle of a job', () => {
  it('is replaced by another that finishes it: one output set, one charge', { timeout: 90_000 }, async () => {
    const client = await signedInUser(server);
    // The first call hangs long enough for the kill; the retry is answered at once.
    openai.script('/images/generations', { status: 200, delayMs: 60_000 });
    const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: 'a windmill' })).json()) as {
      session_id: string;
    };
    const accepted = (await (await client.post('/api/chat', { session_id: sent.session_id })).json()) as { job_id: string };

    await killDuringCall(startWorker(), 1);

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

  it(
    'during its last try is settled by the next worker: one refund, a failure reply, the session not processing',
    { timeout: 120_000 },
    async () => {
      const client = await signedInUser(server);
      const failure = { status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } };
      // Two tries fail, the last hangs until the kill; nothing is answered after.
      openai.script('/images/generations', failure, failure, { status: 200, delayMs: 60_000 });
      const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: 'a windmill' })).json()) as {
        session_id: string;
      };
      const accepted = (await (await client.post('/api/chat', { session_id: sent.session_id })).json()) as {
        job_id: string;
        reply_message_id: string;
      };

      await killDuringCall(startWorker(), 3);
      startWorker();
      await expectRefundedOnce(server, client, {
        jobId: accepted.job_id,
        replyMessageId: accepted.reply_message_id,
        sessionId: sent.session_id,
      });
      const reply = await replyOf(client, accepted.reply_message_id);
      expect(reply.contentText).toBe(
        'Sorry, the image could not be made: the work was interrupted. The charge was refunded (1 free image returned).',
      );
      expect(openai.received.filter((r) => r.path === '/images/generations')).toHaveLength(3);
    },
  );
});

describe('a worker killed while verifying an upload', () => {
  it('is replaced by another that verifies it: the upload does not stay pending', { timeout: 90_000 }, async () => {
    const client = await signedInUser(server);
    // The moderation call hangs until the kill; the next one is answered at once.
    openai.script('/moderations', { status: 200, delayMs: 60_000 });
    const upload = await uploadFixture(client);
    const first = startWorker();
    await until('the worker to moderate the upload', () => (openai.received.some((r) => r.path === '/moderations') ? true : undefined));
    first.kill('SIGKILL');
    await until('the worker to die', () => (first.exitCode !== null || first.signalCode ? true : undefined));
    expect(((await (await client.get(`/api/user-files/${upload.id}`)).json()) as UserFile).verified_enum).toBe('pending');

    startWorker();
    const file = await until('the upload to be verified', async () => {
      const current = (await (await client.get(`/api/user-files/${upload.id}`)).json()) as UserFile;
      return current.verified_enum === 'pending' ? undefined : current;
    });
    expect(file.verified_enum).toBe('approved');
    expect(file.metadata).toEqual([{ title: 'Windmill', description: 'Add a windmill.' }]);
  });
});
