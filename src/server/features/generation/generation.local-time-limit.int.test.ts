import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { askForReply, expectRefundedOnce, sendMessage } from '@test/server/generation';
import { fixture } from '@test/server/images';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { uploadBytes, verdictOf } from '@test/server/uploads';
import type { UserFile } from '@shared/studio';
import { creditTopUp } from '../billing/billing.repository';
import { visionActivity } from '@photomuse/image';

/**
 * The local engine under the job's time limit: a try that runs out of time stops its engine work
 * (no model call is started for it after its signal fired, none is left waiting), the queue tries
 * again, and after the last try the job ends with exactly one refund.
 */
let server: RunningServer;

const TIME_LIMIT_SECONDS = 2;
const TRIES = 3;
const RETRY_DELAY_SECONDS = 1;

beforeAll(async () => {
  server = await startTestServer(
    { IMAGE_ENGINE: 'local', FREE_GENERATIONS: '0', PRICE_PER_IMAGE_CENTS: '8', GENERATION_TIMEOUT_SECONDS: String(TIME_LIMIT_SECONDS) },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: RETRY_DELAY_SECONDS } } },
  );
});
afterAll(async () => {
  await server?.stop();
});

describe('a local edit that outlasts its time limit', () => {
  it('stops its model calls when each try is aborted, and is refunded exactly once', { timeout: 90_000 }, async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 100,
      reference: `cs_test_${client.userId}`,
      description: 'Test top-up',
    });
    // 1200×800: ESRGAN on one core draws some 50,000 pixels a second, so doubling it is over a minute of model calls, tile by tile.
    const photo = await sharp(fixture('photos/Landscape_1.jpg')).resize(1200, 800).jpeg({ quality: 90 }).toBuffer();
    const uploaded = (await (await uploadBytes(client, photo, 'harbour.jpg')).json()) as UserFile;
    expect((await verdictOf(client, uploaded.id)).verified_enum).toBe('approved');

    const sessionId = (await sendMessage(client, 'upscale ×2', { fileIds: [uploaded.id] })).session_id;
    const started = Date.now();
    const { status, body } = await askForReply(client, sessionId);
    expect(status).toBe(202);
    expect(body.price_cents).toBe(8);
    const { reply } = await expectRefundedOnce(server, client, { jobId: body.job_id, replyMessageId: body.reply_message_id, sessionId });
    expect(reply.contentText).toMatch(
      /^Sorry, the image could not be made: the image service took too long to answer\. The charge was refunded/,
    );
    // Three tries of two seconds (and their waits) ended long before the minute the work itself would take.
    expect(Date.now() - started).toBeLessThan(TRIES * (TIME_LIMIT_SECONDS + RETRY_DELAY_SECONDS) * 1000 + 15_000);

    // The engine let go: nobody waits on the worker, and no model call starts for the given-up job.
    const after = visionActivity();
    expect(after.requested).toBeGreaterThan(0);
    expect(after.waiting).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(visionActivity()).toEqual(after);
  });
});
