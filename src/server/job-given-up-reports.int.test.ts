import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './start-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { startSentryReceiver } from '@test/server/sentry-receiver';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { askForReply, jobSettled, sendMessage } from '@test/server/generation';

/**
 * A generation refunded after its last try failed is an error of ours (or of the provider's) that
 * the operator must see: with SENTRY_DSN it reaches Sentry (here the local envelope receiver) as
 * one event naming the engine, the failure and the try, and carrying nothing of the user's.
 */
const PROMPT = 'a lighthouse painted by Zyxwvut Qoppa';

let receiver: Awaited<ReturnType<typeof startSentryReceiver>>;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;

beforeAll(async () => {
  receiver = await startSentryReceiver();
  openai = await startFakeOpenAi();
  openai.onChat(() => ({ intent: 'generate', sourceImages: 'none', instruction: PROMPT, imageCount: 1, aspectRatio: '1:1', style: null }));
  server = await startTestServer(
    { IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-test', FREE_GENERATIONS: '3', SENTRY_DSN: receiver.dsn },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
  await receiver?.close();
});

const jobIdOf = (event: Record<string, unknown>) => (event.extra as { jobId?: string } | undefined)?.jobId;

describe('a generation given up after its last try', () => {
  it('is sent to Sentry once, with the engine, the failure kind and the try, and nothing of the user', { timeout: 60_000 }, async () => {
    const user = await signedInUser(server);
    const failure = { status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } };
    openai.script('/images/generations', failure, failure, failure);
    const { session_id } = await sendMessage(user, PROMPT);
    const { body } = await askForReply(user, session_id);
    expect((await jobSettled(server, body.job_id)).status).toBe('failed');

    const event = await receiver.waitForEvent((candidate) => jobIdOf(candidate) === body.job_id);
    expect(event).toMatchObject({
      level: 'error',
      environment: 'test',
      tags: { job: 'generate', engine: 'openai', failure: 'engine-transient', attempt: '3' },
      extra: { jobId: body.job_id },
    });
    const [exception] = (event.exception as { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] }).values;
    expect(exception).toMatchObject({ type: 'JobGivenUp', value: 'generate job given up after try 3 (engine-transient)' });
    // The frames of the error that ended the last try: where it was thrown.
    expect(exception!.stacktrace?.frames.length).toBeGreaterThan(0);

    await server.deps.errorReporter.flush(2_000);
    const sent = JSON.stringify(receiver.items);
    for (const secret of ['Zyxwvut', user.email, user.userId, session_id, 'The server had an error']) expect(sent).not.toContain(secret);
    expect(receiver.events().filter((candidate) => jobIdOf(candidate) === body.job_id)).toHaveLength(1);
  });

  it('is not sent when the engine refused the request (a refusal is no fault to look into)', { timeout: 60_000 }, async () => {
    const user = await signedInUser(server);
    openai.script('/images/generations', {
      status: 400,
      body: {
        error: {
          message: 'Your request was rejected by the safety system.',
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
        },
      },
    });
    const { session_id } = await sendMessage(user, PROMPT);
    const { body } = await askForReply(user, session_id);
    expect((await jobSettled(server, body.job_id)).status).toBe('failed');
    await server.deps.errorReporter.flush(2_000);
    expect(receiver.events().filter((candidate) => jobIdOf(candidate) === body.job_id)).toHaveLength(0);
  });
});
