import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StopAnswer } from '@shared/reply-progress';
import type { UserFile } from '@shared/studio';
import { visionActivity } from '@photomuse/image';
import type { RunningServer } from '../../start-server';
import { agentJobs, ledgerEntries } from '../../db/schema';
import { askForReply, jobSettled, replyOf, sendMessage } from '@test/server/generation';
import { fixture } from '@test/server/images';
import { openSessionEvents } from '@test/server/sessions';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';
import { uploadBytes, verdictOf } from '@test/server/uploads';
import { creditTopUp } from '../billing/billing.repository';

/**
 * Stop with the built-in engine: a slow local edit (an upscale, a minute of model calls tile by
 * tile) stopped mid-run lets go of its model calls at once, stores nothing, ends the job with one
 * refund and a stopped reply, and leaves the worker's one generation slot free for the next reply.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer(
    { IMAGE_ENGINE: 'local', FREE_GENERATIONS: '0', PRICE_PER_IMAGE_CENTS: '8', GENERATION_TIMEOUT_SECONDS: '300' },
    // One slot: the next reply can only start once the stopped one has really let go.
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1, concurrency: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
});

async function uploadPhoto(client: SignedInClient, width: number, height: number, name: string): Promise<UserFile> {
  const photo = await sharp(fixture('photos/Landscape_1.jpg')).resize(width, height).jpeg({ quality: 90 }).toBuffer();
  const uploaded = (await (await uploadBytes(client, photo, name)).json()) as UserFile;
  expect((await verdictOf(client, uploaded.id)).verified_enum).toBe('approved');
  return uploaded;
}

async function filesOf(client: SignedInClient): Promise<number> {
  return ((await (await client.get('/api/user-files')).json()) as { total: number }).total;
}

describe('the built-in engine', () => {
  it(
    'Stop abandons the engine work, ends the job and refunds once, and the worker takes the next reply',
    { timeout: 120_000 },
    async () => {
      const client = await signedInUser(server);
      await creditTopUp(server.deps.db, {
        userId: client.userId,
        amountCents: 100,
        reference: `cs_test_${client.userId}`,
        description: 'Test top-up',
      });
      // 1200×800: ESRGAN on one core draws some 50,000 pixels a second, so doubling it is over a minute of model calls.
      const big = await uploadPhoto(client, 1200, 800, 'harbour.jpg');
      const sessionId = (await sendMessage(client, 'upscale ×2', { fileIds: [big.id] })).session_id;
      const stream = await openSessionEvents(client, sessionId);
      try {
        await stream.next((event) => event.event === 'ready');
        const before = visionActivity().requested;
        const { status, body: reply } = await askForReply(client, sessionId);
        expect(status).toBe(202);
        // The engine is at work: its model calls have started.
        await until(
          'the upscaler at work',
          () => (visionActivity().requested > before && visionActivity().waiting > 0 ? true : undefined),
          30_000,
        );

        const stopped = await client.post('/api/replies/stop', { reply_message_id: reply.reply_message_id });
        expect((await stopped.json()) as StopAnswer).toEqual({ outcome: 'stopped' });

        // The engine let go within seconds (not the minute its work would take), and starts no more model calls.
        await until('the model calls abandoned', () => (visionActivity().waiting === 0 ? true : undefined), 10_000);
        const after = visionActivity();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(visionActivity()).toEqual(after);

        const [job] = await server.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, reply.job_id));
        expect(job!.status).toBe('stopped');
        const entries = await server.deps.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.reference, reply.job_id)));
        expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
          ['refund', 8],
          ['usage', -8],
        ]);
        const shown = await replyOf(client, reply.reply_message_id);
        expect(shown).toMatchObject({ processing_status: 'stopped', files: [] });
        expect(shown.contentText).toMatch(/^Stopped\. The charge was refunded/);
        // Nothing of the abandoned work was stored: the library holds the upload alone.
        expect(await filesOf(client)).toBe(1);

        // The one slot is free: a small upscale asked now is made at once, not after the stopped one's minute.
        const small = await uploadPhoto(client, 160, 120, 'small.jpg');
        await sendMessage(client, 'upscale ×2', { fileIds: [small.id], sessionId });
        const next = await askForReply(client, sessionId);
        expect(next.status).toBe(202);
        expect((await jobSettled(server, next.body.job_id, 20_000)).status).toBe('completed');
        expect(await filesOf(client)).toBe(3);
        expect((await replyOf(client, reply.reply_message_id)).processing_status).toBe('stopped');
      } finally {
        stream.close();
      }
    },
  );
});
