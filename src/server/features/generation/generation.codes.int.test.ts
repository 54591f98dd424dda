import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodedText } from '@shared/coded-text';
import type { Message } from '@shared/studio';
import type { Transaction } from '@shared/billing';
import { ledgerEntries, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { jobSettled } from '@test/server/generation';

/**
 * What the server writes for people — a reply's note, a failure reply, a ledger line — is stored
 * and sent as codes and parameters (the client words them in the reader's language), with the
 * English beside them for API clients. Replies and lines written before codes get theirs from the
 * migration's backfill where their English is recognised.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local', FREE_GENERATIONS: '3' });
});
afterAll(async () => {
  await server?.stop();
});

async function reply(client: SignedInClient, text: string, sessionId = 'new'): Promise<Message> {
  const sent = (await (await client.post('/api/messages', { session_id: sessionId, content_text: text })).json()) as { session_id: string };
  const response = await client.post('/api/chat', { session_id: sent.session_id });
  expect(response.status).toBe(202);
  const accepted = (await response.json()) as { job_id: string; reply_message_id: string };
  await jobSettled(server, accepted.job_id);
  return (await (await client.get(`/api/messages/${accepted.reply_message_id}`)).json()) as Message;
}

async function history(client: SignedInClient, kind: 'top-ups' | 'withdrawals'): Promise<Transaction[]> {
  return ((await (await client.get(`/api/stripe/transaction-history/${kind}`)).json()) as { data: Transaction[] }).data;
}

describe('server texts as codes', () => {
  it('stores and sends a reply’s note as codes, whatever the language of the request, with its English beside them', async () => {
    const client = await signedInUser(server);
    const english = await reply(client, 'a lighthouse on a cliff at sunset');
    const russian = await reply(client, 'маяк на скале на закате');
    for (const message of [english, russian]) {
      expect(message.processing_status).toBe('completed');
      // One sentence of what it drew; what it can draw is said only when a request fails for it or is asked.
      expect(message.contentCodes?.map((part) => part.code)).toEqual(['local.done']);
      expect(message.contentText).toMatch(/^Drew a scene of [^.]+\.$/);
    }
    // The request's language no longer picks the words: both replies carry the same codes.
    expect(russian.contentCodes?.map((part) => part.code)).toEqual(english.contentCodes?.map((part) => part.code));
    const [stored] = await server.deps.db.select({ codes: messages.contentCodes }).from(messages).where(eq(messages.id, english.id));
    expect(stored?.codes).toEqual(english.contentCodes);
  });

  it('stores a failure reply as the failure, its cause and the refund, each a code', async () => {
    const client = await signedInUser(server);
    // An edit the engine cannot do (the picture has no such text) is charged, refused by the engine and refunded.
    const made = await reply(client, 'a lighthouse on a cliff at sunset');
    const failed = await reply(client, 'replace the text "nowhere" with "Iceland"', made.session_id);
    expect(failed.processing_status).toBe('error');
    expect(failed.contentCodes).toEqual([
      { code: 'failure.notMade', params: { reason: { coded: { code: 'local.textNotFound', params: { wanted: 'nowhere' } } } } },
      { code: 'failure.refundedFree', params: { count: 1 } },
    ]);
    expect(failed.contentText).toMatch(/^Sorry, the image could not be made: .* The charge was refunded \(1 free image returned\)\.$/);
  });

  it('stores and sends ledger lines as codes, with their English', async () => {
    const client = await signedInUser(server);
    const made = await reply(client, 'a lighthouse on a cliff at sunset');
    await reply(client, 'replace the text "nowhere" with "Iceland"', made.session_id);
    const lines = await history(client, 'withdrawals');
    expect(lines.map((line) => [line.type, line.description_code, line.description])).toEqual([
      ['refund', { code: 'ledger.refund' }, 'Refund for a failed generation'],
      ['usage', { code: 'ledger.generatedFree', params: { count: 1, free: 1 } }, 'Generated 1 image (free)'],
      ['usage', { code: 'ledger.generatedFree', params: { count: 1, free: 1 } }, 'Generated 1 image (free)'],
    ]);
    const entries = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, client.userId));
    expect(entries.find((entry) => entry.kind === 'free_grant')).toMatchObject({
      description: 'Welcome gift: 3 free images',
      descriptionCode: { code: 'ledger.freeGrant', params: { count: 3 } },
    });
  });
});

describe('the backfill of texts written before codes', () => {
  const backfill = readFileSync(path.join(import.meta.dirname, '../../../../drizzle/0017_server-text-codes-backfill.sql'), 'utf8');

  async function runBackfill() {
    for (const statement of backfill.split('--> statement-breakpoint')) await server.deps.db.execute(sql.raw(statement));
  }

  it('gives recognised English replies and ledger lines their codes, and leaves the rest as written', async () => {
    const client = await signedInUser(server);
    const made = await reply(client, 'a lighthouse on a cliff at sunset');
    const old = async (text: string, status: string): Promise<string> => {
      const [row] = await server.deps.db
        .insert(messages)
        .values({ sessionId: made.session_id, userId: client.userId, role: 'system', contentText: text, processingStatus: status })
        .returning({ id: messages.id });
      return row!.id;
    };
    const ids = {
      working: await old('Working on your image…', 'processing'),
      openai: await old('Made with gpt-image-1.', 'completed'),
      comfy: await old('Made with SDXL base on ComfyUI.', 'completed'),
      edited: await old('Edited with gemini-2.5-flash-image.', 'completed'),
      timeLimit: await old(
        'Sorry, the image could not be made: the image service took too long to answer. The charge was refunded ($0.08 was refunded to your balance).',
        'error',
      ),
      cause: await old(
        'Sorry, the image could not be made: ComfyUI ran out of GPU memory for this picture. The charge was refunded ($1,234.50 was refunded to your balance, 2 free images returned).',
        'error',
      ),
      unrefunded: await old('Sorry, the image could not be made: something went wrong on our side.', 'error'),
      note: await old('Сделано встроенным локальным движком (офлайн-фильтры изображений, а не облачная ИИ-модель).', 'completed'),
    };
    const [entry] = await server.deps.db
      .insert(ledgerEntries)
      .values({
        userId: client.userId,
        kind: 'usage',
        amountCents: -8,
        freeGenerationsDelta: -2,
        reference: `old-${client.userId}`,
        description: 'Generated 3 images (2 free)',
        balanceAfterCents: 0,
      })
      .returning({ id: ledgerEntries.id });
    await runBackfill();

    const codesOf = async (id: string): Promise<CodedText[] | null> =>
      (await server.deps.db.select({ codes: messages.contentCodes }).from(messages).where(eq(messages.id, id)))[0]!.codes;
    expect(await codesOf(ids.working)).toEqual([{ code: 'reply.working' }]);
    expect(await codesOf(ids.openai)).toEqual([{ code: 'reply.madeWith', params: { model: 'gpt-image-1' } }]);
    expect(await codesOf(ids.comfy)).toEqual([{ code: 'reply.madeWithOn', params: { model: 'SDXL base', server: 'ComfyUI' } }]);
    expect(await codesOf(ids.edited)).toEqual([{ code: 'reply.editedWith', params: { model: 'gemini-2.5-flash-image' } }]);
    expect(await codesOf(ids.timeLimit)).toEqual([
      { code: 'failure.timeLimit' },
      { code: 'failure.refundedMoney', params: { amount: { cents: 8 } } },
    ]);
    expect(await codesOf(ids.cause)).toEqual([
      {
        code: 'failure.notMade',
        params: { reason: { coded: { code: 'engine.providerSaid', params: { text: 'ComfyUI ran out of GPU memory for this picture.' } } } },
      },
      { code: 'failure.refundedBoth', params: { amount: { cents: 123450 }, count: 2 } },
    ]);
    expect(await codesOf(ids.unrefunded)).toEqual([{ code: 'failure.ourSide' }]);
    expect(await codesOf(ids.note)).toBeNull();
    // The reply made with codes keeps them.
    expect(await codesOf(made.id)).toEqual(made.contentCodes);
    const [line] = await server.deps.db
      .select({ code: ledgerEntries.descriptionCode })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, entry!.id));
    expect(line?.code).toEqual({ code: 'ledger.generatedPartlyFree', params: { count: 3, free: 2 } });
  });
});
