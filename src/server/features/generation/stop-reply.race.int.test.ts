import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { agentJobs, ledgerEntries, userFiles } from '../../db/schema';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { expectLedgerMatchesBalance, replyOf } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';
import { completeJob, startJob } from './generation.repository';
import { fileUrlOf } from '../uploads/uploads.service';
import { stopReply } from './stop-reply.service';

/**
 * Stop racing the worker's completion, on real Postgres, with no worker running (WORKER=off): the
 * test claims the job as a worker does and completes it as the worker's last statement does, in
 * either order and at the same moment as the Stop. Exactly one outcome every time: the images and
 * the charge, or the refund — never both, never neither.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off', FREE_GENERATIONS: '0', PRICE_PER_IMAGE_CENTS: '8' });
});
afterAll(() => server?.stop());

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

/** A paid reply whose job a worker has just claimed. */
async function runningReply(client: SignedInClient, claim = true) {
  const response = await client.post('/api/messages', {
    session_id: 'new',
    content_text: 'a lighthouse at dusk',
    file_ids: [],
    request_reply: true,
  });
  expect(response.status).toBe(201);
  const { reply } = (await response.json()) as { reply: { job_id: string; reply_message_id: string } };
  if (claim) expect(await startJob(server.deps.db, reply.job_id)).toBeDefined();
  return reply;
}

/** What the worker's last statement does once the engine answered: the images, the reply, the job completed. */
function complete(jobId: string): Promise<boolean> {
  const id = randomUUID();
  return completeJob(server.deps.db, {
    jobId,
    nameStem: 'race',
    description: 'a lighthouse at dusk',
    replyText: 'Made with the built-in engine.',
    replyCodes: [{ code: 'local.madeBy' }],
    files: [
      {
        id,
        storedFilename: `public/race/${id}.png`,
        fileUrl: fileUrlOf(id),
        mimeType: 'image/png',
        fileSizeBytes: 10,
        width: 1,
        height: 1,
      },
    ],
  });
}

async function outcomeOf(client: SignedInClient, reply: { job_id: string; reply_message_id: string }) {
  const [job] = await server.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, reply.job_id));
  const kinds = (
    await server.deps.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.reference, reply.job_id)))
  )
    .map((entry) => entry.kind)
    .sort();
  const files = await server.deps.db
    .select({ id: userFiles.id })
    .from(userFiles)
    .where(and(eq(userFiles.userId, client.userId), eq(userFiles.isGenerated, true)));
  const shown = await replyOf(client, reply.reply_message_id);
  return { status: job!.status, ledger: kinds, files: files.length, replyStatus: shown.processing_status, replyFiles: shown.files.length };
}

const STOPPED = { status: 'stopped', ledger: ['refund', 'usage'], files: 0, replyStatus: 'stopped', replyFiles: 0 };
const FINISHED = { status: 'completed', ledger: ['usage'], files: 1, replyStatus: 'completed', replyFiles: 1 };

describe('Stop racing completion', () => {
  it('Stop first: the refund stands and the completion that comes after writes nothing', async () => {
    const client = await payingUser();
    const reply = await runningReply(client);
    expect(await stopReply(server.deps, client.userId, reply.reply_message_id)).toEqual({ outcome: 'stopped' });
    expect(await complete(reply.job_id)).toBe(false);
    expect(await outcomeOf(client, reply)).toEqual(STOPPED);
    await expectLedgerMatchesBalance(server, client.userId);
  });

  it('completion first: the images and the charge stand and the Stop that comes after changes nothing', async () => {
    const client = await payingUser();
    const reply = await runningReply(client);
    expect(await complete(reply.job_id)).toBe(true);
    expect(await stopReply(server.deps, client.userId, reply.reply_message_id)).toEqual({ outcome: 'finished' });
    expect(await outcomeOf(client, reply)).toEqual(FINISHED);
    await expectLedgerMatchesBalance(server, client.userId);
  });

  it('at the same moment, again and again: exactly one of the two outcomes each time', async () => {
    const client = await payingUser();
    for (let round = 0; round < 6; round++) {
      const reply = await runningReply(client);
      const [stopped, completed] = await Promise.all([
        stopReply(server.deps, client.userId, reply.reply_message_id),
        complete(reply.job_id),
      ]);
      const outcome = await outcomeOf(client, reply);
      if (stopped.outcome === 'stopped') {
        expect(completed).toBe(false);
        expect({ ...outcome, files: undefined }).toEqual({ ...STOPPED, files: undefined });
      } else {
        expect(completed).toBe(true);
        expect(outcome.status).toBe('completed');
        expect(outcome.ledger).toEqual(['usage']);
        expect(outcome.replyFiles).toBe(1);
      }
    }
    await expectLedgerMatchesBalance(server, client.userId);
  });

  it('a reply still queued is stopped and refunded at once; the worker that claims it later finds nothing to do', async () => {
    const client = await payingUser();
    const reply = await runningReply(client, false);
    expect(await stopReply(server.deps, client.userId, reply.reply_message_id)).toEqual({ outcome: 'stopped' });
    expect(await startJob(server.deps.db, reply.job_id)).toBeUndefined();
    expect(await outcomeOf(client, reply)).toEqual(STOPPED);
    await expectLedgerMatchesBalance(server, client.userId);
  });
});
