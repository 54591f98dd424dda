import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplyProgress, SessionProgress, StopAnswer } from '@shared/reply-progress';
import type { RunningServer } from '../../start-server';
import { agentJobs, jobPreviews, ledgerEntries, userFiles } from '../../db/schema';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { openSessionEvents, type EventStreamReader } from '@test/server/sessions';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';
import { replyOf } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';

/**
 * Live progress through the operator's ComfyUI (the strict local stand-in): its progress messages
 * and binary preview frames reach the session's event stream in order, rate-limited; the preview
 * is the owner's only and is gone once the reply is; Stop interrupts that prompt, ends the job and
 * refunds once; a page that connects mid-run is told where the reply is now.
 */
let comfy: FakeComfyUi;
let server: RunningServer;

beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 300 });
  server = await startTestServer(
    {
      IMAGE_ENGINES: 'comfyui',
      COMFYUI_URL: comfy.url,
      PRICE_PER_IMAGE_CENTS_COMFYUI: '5',
      FREE_GENERATIONS: '0',
      GENERATION_TIMEOUT_SECONDS: '30',
    },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await comfy?.close();
});
beforeEach(() => {
  comfy.reset();
  comfy.setStepMs(300);
});
// A test that failed halfway must not leave its prompt hanging in front of the next test's.
afterEach(async () => {
  if (!comfy.busy()) return;
  await fetch(`${comfy.url}/interrupt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await until('ComfyUI idle', () => (comfy.busy() ? undefined : true), 10_000);
});

async function payingUser(): Promise<SignedInClient> {
  const client = await signedInUser(server);
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: 500,
    reference: `cs_test_${client.userId}`,
    description: 'Test top-up',
  });
  return client;
}

async function openSession(client: SignedInClient): Promise<{ sessionId: string; stream: EventStreamReader }> {
  const opened = await client.post('/api/messages', { session_id: 'new', content_text: 'hello', file_ids: [], request_reply: false });
  const { session_id: sessionId } = (await opened.json()) as { session_id: string };
  const stream = await openSessionEvents(client, sessionId);
  await stream.next((event) => event.event === 'ready');
  return { sessionId, stream };
}

async function ask(client: SignedInClient, sessionId: string, text: string) {
  const response = await client.post('/api/messages', { session_id: sessionId, content_text: text, file_ids: [], request_reply: true });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reply: { job_id: string; reply_message_id: string } }).reply;
}

const progressOf = (data: string) => (JSON.parse(data) as { progress: ReplyProgress }).progress;

describe('progress and previews from ComfyUI', () => {
  it(
    'reach the session stream in order, with a determinate step count and a preview only the owner can see; nothing of them stays',
    { timeout: 60_000 },
    async () => {
      const client = await payingUser();
      const stranger = await payingUser();
      const { sessionId, stream } = await openSession(client);
      try {
        const reply = await ask(client, sessionId, 'a lighthouse at dusk');
        const seen: ReplyProgress[] = [];
        let previewChecked = false;
        for (;;) {
          const event = await stream.next(
            (candidate) =>
              candidate.event === 'progress' || (candidate.event === 'session' && JSON.parse(candidate.data).id === reply.job_id),
            20_000,
          );
          if (event.event === 'session') {
            const [job] = await server.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, reply.job_id));
            if (job!.status === 'completed') break;
            continue;
          }
          const progress = progressOf(event.data);
          expect(progress).toMatchObject({ job_id: reply.job_id, reply_message_id: reply.reply_message_id });
          seen.push(progress);
          if (progress.preview_version > 0 && !previewChecked) {
            const own = await client.get(`/api/replies/preview/${reply.job_id}`);
            // The job may have settled in between (then it is gone for everyone).
            if (own.status === 200) {
              expect(own.headers.get('content-type')).toBe('image/jpeg');
              expect(own.headers.get('cache-control')).toContain('no-store');
              expect((await own.arrayBuffer()).byteLength).toBeLessThan(16_000);
              expect((await stranger.get(`/api/replies/preview/${reply.job_id}`)).status).toBe(404);
              previewChecked = true;
            }
          }
        }
        const stages = seen.map((progress) => progress.stage);
        const order = ['planning', 'generating', 'saving'];
        expect(stages.map((stage) => order.indexOf(stage))).toEqual([...stages.map((stage) => order.indexOf(stage))].sort((a, b) => a - b));
        const steps = seen.filter((progress) => progress.step !== null);
        expect(steps.length).toBeGreaterThanOrEqual(2);
        expect(steps.every((progress) => progress.total === 4)).toBe(true);
        expect(steps.map((progress) => progress.step)).toEqual([...steps.map((progress) => progress.step)].sort((a, b) => a! - b!));
        expect(seen.some((progress) => progress.preview_version > 0)).toBe(true);
        expect(previewChecked).toBe(true);

        // The images replace the preview: it is nowhere, not among the user's files, not servable.
        expect(await server.deps.db.select().from(jobPreviews).where(eq(jobPreviews.jobId, reply.job_id))).toEqual([]);
        expect((await client.get(`/api/replies/preview/${reply.job_id}`)).status).toBe(404);
        const files = await server.deps.db.select({ id: userFiles.id }).from(userFiles).where(eq(userFiles.userId, client.userId));
        expect(files).toHaveLength(1);
        const library = (await (await client.get('/api/user-files')).json()) as { images: Array<{ id: string }>; total: number };
        expect({ ids: library.images.map((image) => image.id), total: library.total }).toEqual({ ids: [files[0]!.id], total: 1 });
        const sessionFiles = (await replyOf(client, reply.reply_message_id)).files;
        expect(sessionFiles).toHaveLength(1);
        expect(((await (await client.get(`/api/replies/progress/${sessionId}`)).json()) as SessionProgress).replies).toEqual([]);
      } finally {
        stream.close();
      }
    },
  );

  it('answers where a reply is now to a page that connects mid-run (a reconnect), not only later events', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    comfy.script({ hang: true });
    const { sessionId, stream } = await openSession(client);
    let reply: { job_id: string; reply_message_id: string };
    try {
      reply = await ask(client, sessionId, 'a quiet harbour');
      // Halfway (the stand-in hangs at step 2 of 4): the stream has told of step 1.
      await stream.next((event) => event.event === 'progress' && progressOf(event.data).step === 1, 20_000);
    } finally {
      stream.close();
    }
    // The page comes back: a new stream, and the progress it starts from.
    const again = await openSessionEvents(client, sessionId);
    try {
      await again.next((event) => event.event === 'ready');
      const now = (await (await client.get(`/api/replies/progress/${sessionId}`)).json()) as SessionProgress;
      expect(now.replies).toEqual([
        expect.objectContaining({
          job_id: reply.job_id,
          reply_message_id: reply.reply_message_id,
          stage: 'generating',
          step: 1,
          total: 4,
          queue_position: null,
        }),
      ]);
      // The preview of step 1 follows its progress message within the rate limit's interval.
      await until(
        'the preview of step 1',
        async () => {
          const later = (await (await client.get(`/api/replies/progress/${sessionId}`)).json()) as SessionProgress;
          return later.replies[0]!.preview_version > 0 ? true : undefined;
        },
        5_000,
      );
    } finally {
      again.close();
    }
    // Another user's session is not theirs to read.
    const stranger = await payingUser();
    expect((await stranger.get(`/api/replies/progress/${sessionId}`)).status).toBe(404);
    // The sessions list marks the session as working — the owner's list only — until the reply ends.
    const workingNow = async (who: SignedInClient) =>
      ((await (await who.get('/api/replies/working')).json()) as { sessions: Array<{ session_id: string }> }).sessions.map(
        (s) => s.session_id,
      );
    expect(await workingNow(client)).toEqual([sessionId]);
    expect(await workingNow(stranger)).toEqual([]);
    expect((await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id })).status).toBe(200);
    expect(await workingNow(client)).toEqual([]);
  });
});

describe('Stop during a ComfyUI run', () => {
  it(
    'interrupts that prompt, ends the job, refunds once and says so on the reply; a second Stop changes nothing',
    { timeout: 60_000 },
    async () => {
      const client = await payingUser();
      comfy.script({ hang: true });
      const { sessionId, stream } = await openSession(client);
      try {
        const reply = await ask(client, sessionId, 'a red bicycle');
        await stream.next((event) => event.event === 'progress' && progressOf(event.data).step === 1, 20_000);
        const promptId = comfy.prompts[0]!.promptId;

        const stopped = await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id });
        expect(stopped.status).toBe(200);
        expect((await stopped.json()) as StopAnswer).toEqual({ outcome: 'stopped' });
        // The reply's update reaches the open stream.
        await stream.next((event) => event.event === 'message' && JSON.parse(event.data).id === reply.reply_message_id, 10_000);

        await until('the interrupt of that prompt', () => (comfy.interrupts.includes(promptId) ? true : undefined), 10_000);
        const [job] = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, reply.job_id));
        expect(job!.status).toBe('stopped');
        const shown = await replyOf(client, reply.reply_message_id);
        expect(shown.processing_status).toBe('stopped');
        expect(shown.contentText).toBe('Stopped. The charge was refunded ($0.05 was refunded to your balance).');
        expect(shown.files).toEqual([]);

        expect(
          ((await (await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id })).json()) as StopAnswer).outcome,
        ).toBe('finished');
        // The try ends without retrying: ComfyUI got one prompt, the ledger one charge and one refund.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(comfy.prompts).toHaveLength(1);
        const entries = await server.deps.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.reference, reply.job_id)));
        expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
          ['refund', 5],
          ['usage', -5],
        ]);
        expect(await server.deps.db.select().from(jobPreviews).where(eq(jobPreviews.jobId, reply.job_id))).toEqual([]);
        const session = (await (await client.get(`/api/sessions/${sessionId}`)).json()) as { status: string };
        expect(session.status).toBe('idle');
      } finally {
        stream.close();
      }
    },
  );

  it("is refused for another user's reply (404), which runs on", { timeout: 60_000 }, async () => {
    const client = await payingUser();
    const stranger = await payingUser();
    comfy.script({ hang: true });
    const { sessionId, stream } = await openSession(client);
    try {
      const reply = await ask(client, sessionId, 'a green door');
      await stream.next((event) => event.event === 'progress' && progressOf(event.data).step === 1, 20_000);
      expect((await stranger.post('/api/replies/stop', { reply_message_id: reply.reply_message_id })).status).toBe(404);
      const [job] = await server.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, reply.job_id));
      expect(job!.status).toBe('processing');
      expect(comfy.interrupts).toEqual([]);
      expect((await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id })).status).toBe(200);
    } finally {
      stream.close();
    }
  });
});
