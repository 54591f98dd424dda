import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReplyProgress, StopAnswer } from '@shared/reply-progress';
import { startAppProcess, type AppProcess } from '@test/server/app-process';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { TestClient } from '@test/server/http-client';
import { openSessionEvents } from '@test/server/sessions';
import { TEST_PASSWORD } from '@test/server/signed-in-user';
import { uniqueEmail } from '@test/server/test-server';
import { until } from '@test/server/until';
import { createDb, type Db } from './db/client';
import { agentJobs, devMails, ledgerEntries } from './db/schema';
import { findFreePort } from './lib/free-port';

/**
 * Stop across processes, as deployed: two API processes (WORKER=off) and one worker on one
 * Postgres, the engine the operator's ComfyUI. The progress of a run on the worker reaches a
 * browser's stream on API 1; Stop pressed on API 2 ends the job there and then, and the worker —
 * told through Postgres — interrupts that prompt. One refund.
 */
let db: Db;
let comfy: FakeComfyUi;
let api1: { process: AppProcess; url: string };
let api2: { process: AppProcess; url: string };
let worker: AppProcess;
let appUrl: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 200 });
  const databaseUrl = inject('databaseUrl');
  db = createDb(databaseUrl, { max: 2 });
  const [port1, port2] = [await findFreePort(), await findFreePort()];
  appUrl = `http://localhost:${port1}`;
  const shared = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'one-secret-shared-by-every-api-process-0123456789',
    APP_URL: appUrl,
    FREE_GENERATIONS: '0',
    IMAGE_ENGINES: 'comfyui',
    COMFYUI_URL: comfy.url,
    PRICE_PER_IMAGE_CENTS_COMFYUI: '5',
  };
  const start = async (kind: 'api' | 'worker', env: Record<string, string>) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-stop-'));
    dataDirs.push(dir);
    return startAppProcess(kind, { ...shared, DATA_DIR: dir, ...env });
  };
  api1 = { process: await start('api', { PORT: String(port1), WORKER: 'off' }), url: `http://127.0.0.1:${port1}` };
  api2 = { process: await start('api', { PORT: String(port2), WORKER: 'off' }), url: `http://127.0.0.1:${port2}` };
  worker = await start('worker', {});
  await Promise.all([api1.process.ready, api2.process.ready, worker.ready]);
}, 180_000);

afterAll(async () => {
  await Promise.all([api1?.process.stop(), api2?.process.stop(), worker?.stop()]);
  await db?.$client.end();
  await comfy?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function signedInOnApi1(): Promise<TestClient & { userId: string }> {
  const email = uniqueEmail('stop');
  const client = new TestClient(api1.url, appUrl);
  expect((await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '', callbackURL: '/studio' })).status).toBe(
    200,
  );
  const mail = await until(
    'the confirmation mail',
    async () => (await db.select().from(devMails).where(eq(devMails.to, email)).orderBy(desc(devMails.createdAt)))[0],
  );
  const link = new URL(/https?:\/\/[^\s"<>]*\/api\/auth\/verify-email[^\s"<>]*/.exec(mail.text)![0]);
  expect((await client.get(`${link.pathname}${link.search}`)).status).toBe(302);
  const accepted = await client.post('/api/me/accept-terms', { accepted: true });
  return Object.assign(client, { userId: ((await accepted.json()) as { id: string }).id });
}

describe('Stop on another API process than the stream, while the worker runs the job', () => {
  it('ends the job, refunds once, and the worker interrupts that ComfyUI prompt', { timeout: 120_000 }, async () => {
    const user = await signedInOnApi1();
    const checkout = (await (await user.post('/api/stripe/create-checkout-session', { priceId: 'price_test_500' })).json()) as {
      sessionId: string;
    };
    expect((await user.post(`/api/stripe/test-checkout/${checkout.sessionId}/complete`)).status).toBe(200);

    const opened = await user.post('/api/messages', { session_id: 'new', content_text: 'hello', file_ids: [], request_reply: false });
    const { session_id: sessionId } = (await opened.json()) as { session_id: string };
    comfy.script({ hang: true });
    const stream = await openSessionEvents(user, sessionId);
    try {
      await stream.next((event) => event.event === 'ready');
      const asked = await user.post('/api/messages', {
        session_id: sessionId,
        content_text: 'a lighthouse at dusk',
        file_ids: [],
        request_reply: true,
      });
      const { reply } = (await asked.json()) as { reply: { job_id: string; reply_message_id: string } };
      // Reported by the worker, delivered by API 1.
      const progressed = await stream.next(
        (event) => event.event === 'progress' && (JSON.parse(event.data) as { progress: ReplyProgress }).progress.step === 1,
        60_000,
      );
      expect((JSON.parse(progressed.data) as { progress: ReplyProgress }).progress).toMatchObject({
        job_id: reply.job_id,
        stage: 'generating',
        total: 4,
      });
      const promptId = comfy.prompts[0]!.promptId;

      const stopped = await user.post(`${api2.url}/api/replies/stop`, { reply_message_id: reply.reply_message_id });
      expect(stopped.status).toBe(200);
      expect((await stopped.json()) as StopAnswer).toEqual({ outcome: 'stopped' });
      await stream.next((event) => event.event === 'message' && JSON.parse(event.data).id === reply.reply_message_id, 20_000);
      // Only the worker talks to ComfyUI about this prompt.
      await until('the interrupt of that prompt', () => (comfy.interrupts.includes(promptId) ? true : undefined), 20_000);

      const [job] = await db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, reply.job_id));
      expect(job!.status).toBe('stopped');
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.userId), eq(ledgerEntries.reference, reply.job_id)));
      expect(entries.map((entry) => entry.kind).sort()).toEqual(['refund', 'usage']);
      const shown = (await (await user.get(`/api/messages/${reply.reply_message_id}`)).json()) as {
        processing_status: string;
        contentText: string;
      };
      expect(shown.processing_status).toBe('stopped');
      expect(comfy.prompts).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});
