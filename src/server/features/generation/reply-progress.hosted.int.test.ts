import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplyProgress, StopAnswer } from '@shared/reply-progress';
import type { RunningServer } from '../../start-server';
import { agentJobs, ledgerEntries } from '../../db/schema';
import { startFakeA1111, type FakeA1111 } from '@test/server/fake-a1111-server';
import { startFakeGemini } from '@test/server/fake-gemini-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { openSessionEvents, type EventStreamReader } from '@test/server/sessions';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';
import { replyOf } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';

/**
 * Progress and Stop with AUTOMATIC1111 (its /sdapi/v1/progress while txt2img runs; Stop sends
 * /sdapi/v1/interrupt) and with OpenAI (Stop aborts the HTTP request), each against its strict
 * local stand-in, and the built-in engine's stages.
 */
let a1111: FakeA1111;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
let server: RunningServer;

beforeAll(async () => {
  a1111 = await startFakeA1111({ auth: 'photomuse:s3cret', stepMs: 150 });
  openai = await startFakeOpenAi();
  gemini = await startFakeGemini();
  server = await startTestServer(
    {
      IMAGE_ENGINES: 'a1111,openai,gemini,local',
      A1111_URL: a1111.url,
      A1111_AUTH: 'photomuse:s3cret',
      A1111_MODEL: 'sd_xl_base_1.0',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: 'sk-test',
      GEMINI_API_KEY: 'gemini-test-key',
      GEMINI_BASE_URL: gemini.baseUrl,
      PRICE_PER_IMAGE_CENTS_GEMINI: '6',
      PRICE_PER_IMAGE_CENTS: '8',
      PRICE_PER_IMAGE_CENTS_A1111: '3',
      PRICE_PER_IMAGE_CENTS_OPENAI: '7',
      FREE_GENERATIONS: '0',
      GENERATION_TIMEOUT_SECONDS: '30',
    },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await a1111?.close();
  await openai?.close();
  await gemini?.close();
});
beforeEach(() => {
  a1111.reset();
  openai.reset();
  gemini.reset();
  gemini.onText(() => ({
    intent: 'generate',
    sourceImages: 'none',
    instruction: 'A lighthouse at sunset',
    imageCount: 1,
    aspectRatio: '1:1',
    style: null,
    title: null,
  }));
  openai.onChat(() => ({
    intent: 'generate',
    sourceImages: 'none',
    instruction: 'A lighthouse at sunset',
    imageCount: 1,
    aspectRatio: '1:1',
    style: null,
    title: null,
  }));
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

async function ask(client: SignedInClient, sessionId: string, engine: string, text = 'a lighthouse at sunset') {
  const response = await client.post('/api/messages', {
    session_id: sessionId,
    content_text: text,
    file_ids: [],
    request_reply: true,
    engine,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reply: { job_id: string; reply_message_id: string } }).reply;
}

const progressOf = (data: string) => (JSON.parse(data) as { progress: ReplyProgress }).progress;

async function expectStoppedOnce(client: SignedInClient, reply: { job_id: string; reply_message_id: string }, cents: number) {
  const [job] = await server.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, reply.job_id));
  expect(job!.status).toBe('stopped');
  const entries = await server.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.reference, reply.job_id)));
  expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
    ['refund', cents],
    ['usage', -cents],
  ]);
  const shown = await replyOf(client, reply.reply_message_id);
  expect(shown).toMatchObject({ processing_status: 'stopped', files: [] });
  expect(shown.contentText).toMatch(/^Stopped\. The charge was refunded/);
}

describe('AUTOMATIC1111', () => {
  it('reports its sampling steps from /progress on the stream, in order', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    const { stream } = await openSession(client).then(async ({ sessionId, stream }) => ({
      stream,
      reply: await ask(client, sessionId, 'a1111'),
    }));
    try {
      const steps: number[] = [];
      while (steps.length < 2) {
        const progress = progressOf((await stream.next((event) => event.event === 'progress', 20_000)).data);
        if (progress.step !== null) {
          expect(progress.stage).toBe('generating');
          expect(progress.total).toBeGreaterThan(1);
          steps.push(progress.step);
        }
      }
      expect(steps[1]!).toBeGreaterThanOrEqual(steps[0]!);
    } finally {
      stream.close();
    }
  });

  it('Stop sends /sdapi/v1/interrupt, ends the job and refunds once', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    a1111.script({ hang: true });
    const { sessionId, stream } = await openSession(client);
    try {
      const reply = await ask(client, sessionId, 'a1111');
      await stream.next((event) => event.event === 'progress' && progressOf(event.data).step !== null, 20_000);
      const stopped = await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id });
      expect((await stopped.json()) as StopAnswer).toEqual({ outcome: 'stopped' });
      await until('the interrupt', () => (a1111.interrupts() > 0 ? true : undefined), 10_000);
      await expectStoppedOnce(client, reply, 3);
    } finally {
      stream.close();
    }
  });
});

describe('OpenAI', () => {
  it(
    'streams partial images: each reaches the stream as a preview only the owner sees, and only the completed picture is kept',
    { timeout: 60_000 },
    async () => {
      const client = await payingUser();
      const stranger = await payingUser();
      openai.setStreamStep(1_500);
      const { sessionId, stream } = await openSession(client);
      try {
        const reply = await ask(client, sessionId, 'openai');
        const withPreview = progressOf(
          (await stream.next((event) => event.event === 'progress' && progressOf(event.data).preview_version > 0, 20_000)).data,
        );
        expect(withPreview).toMatchObject({ job_id: reply.job_id, stage: 'generating' });
        const own = await client.get(`/api/replies/preview/${reply.job_id}`);
        expect(own.status).toBe(200);
        expect(own.headers.get('content-type')).toBe('image/jpeg');
        expect((await own.arrayBuffer()).byteLength).toBeLessThan(16_000);
        expect((await stranger.get(`/api/replies/preview/${reply.job_id}`)).status).toBe(404);
        const request = openai.received.find((received) => received.path === '/images/generations')!;
        expect(request.json).toMatchObject({ stream: true, partial_images: 2, n: 1 });

        await until(
          'the reply',
          async () => ((await replyOf(client, reply.reply_message_id)).files.length === 1 ? true : undefined),
          30_000,
        );
        expect((await client.get(`/api/replies/preview/${reply.job_id}`)).status).toBe(404);
        const library = (await (await client.get('/api/user-files')).json()) as { total: number };
        expect(library.total).toBe(1);
        const entries = await server.deps.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.reference, reply.job_id)));
        expect(entries.map((entry) => [entry.kind, entry.amountCents])).toEqual([['usage', -7]]);
      } finally {
        stream.close();
      }
    },
  );

  it('Stop aborts the HTTP request to the images API, ends the job and refunds once', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    openai.script('/images/generations', { status: 200, delayMs: 20_000 });
    const { sessionId, stream } = await openSession(client);
    try {
      const reply = await ask(client, sessionId, 'openai');
      const request = await until(
        'the images request',
        () => openai.received.find((received) => received.path === '/images/generations'),
        20_000,
      );
      const stopped = await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id });
      expect((await stopped.json()) as StopAnswer).toEqual({ outcome: 'stopped' });
      await until('the request aborted', () => (request.abortedAt !== undefined ? true : undefined), 10_000);
      await expectStoppedOnce(client, reply, 7);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(openai.received.filter((received) => received.path === '/images/generations')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

describe('Gemini', () => {
  it('Stop aborts the generateContent request, ends the job and refunds once', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    gemini.holdImages(20_000);
    const { sessionId, stream } = await openSession(client);
    try {
      const reply = await ask(client, sessionId, 'gemini');
      const isImageCall = (received: (typeof gemini.received)[number]) =>
        JSON.stringify(received.body.generationConfig ?? {}).includes('IMAGE');
      const request = await until('the image request', () => gemini.received.find(isImageCall), 20_000);
      const stopped = await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id });
      expect((await stopped.json()) as StopAnswer).toEqual({ outcome: 'stopped' });
      await until('the request aborted', () => (request.abortedAt !== undefined ? true : undefined), 10_000);
      await expectStoppedOnce(client, reply, 6);
      // Not tried again after the Stop: the one call was the only one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(gemini.received.filter(isImageCall)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

describe('the built-in engine', () => {
  it('reports its stages (planning, generating, saving) in order, and its steps while generating', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    const { sessionId, stream } = await openSession(client);
    try {
      // A watercolour takes the engine a good part of a second after the scene is drawn: longer than the
      // progress interval, so a step between the stages is written rather than folded into the next stage.
      const reply = await ask(client, sessionId, 'local', 'a lighthouse at sunset in watercolour');
      const stages: string[] = [];
      const steps: { step: number; total: number }[] = [];
      for (;;) {
        const event = await stream.next(
          (candidate) =>
            candidate.event === 'progress' ||
            (candidate.event === 'message' &&
              JSON.parse(candidate.data).id === reply.reply_message_id &&
              JSON.parse(candidate.data).type === 'message.updated'),
          30_000,
        );
        if (event.event === 'message') break;
        const progress = progressOf(event.data);
        stages.push(progress.stage);
        if (progress.step !== null || progress.total !== null) {
          expect(progress.stage).toBe('generating');
          steps.push({ step: progress.step!, total: progress.total! });
        }
      }
      // The engine's own units of work (the scene drawn, the picture encoded): a determinate bar that only moves forward.
      expect(steps.length).toBeGreaterThan(0);
      for (const { step, total } of steps) {
        expect(total).toBe(steps[0]!.total);
        expect(step).toBeGreaterThanOrEqual(0);
        expect(step).toBeLessThanOrEqual(total);
      }
      expect(steps.map(({ step }) => step)).toEqual(steps.map(({ step }) => step).sort((a, b) => a - b));
      // Rate-limited: a stage may be folded into the next; never out of order, and the first and last are there.
      const order = ['planning', 'generating', 'saving'];
      expect(stages[0]).toBe('planning');
      expect(stages.at(-1)).toBe('saving');
      expect(stages.map((stage) => order.indexOf(stage))).toEqual([...stages.map((stage) => order.indexOf(stage))].sort((a, b) => a - b));
    } finally {
      stream.close();
    }
  });
});
