import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMails } from '@server/db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { askForReply, jobSettled, sendMessage } from '@test/server/generation';
import { creditTopUp } from './billing.repository';

/**
 * The e-mails money sends: one low-balance warning for a run of charges (another only after the
 * balance rose above the threshold and fell again), and one receipt per credited top-up. Mails
 * go through the send-mail job to the dev mailbox.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({
    FREE_GENERATIONS: '0',
    PRICE_PER_IMAGE_CENTS: '8',
    RATE_LIMIT_GENERATIONS_PER_MINUTE: '1000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
  });
});
afterAll(() => server?.stop());

const mailsTo = (client: SignedInClient) => server.deps.db.select().from(devMails).where(eq(devMails.to, client.email));

async function mailsMatching(client: SignedInClient, subject: RegExp, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await mailsTo(client)).filter((mail) => subject.test(mail.subject));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function chargeOneImage(client: SignedInClient) {
  const sent = await sendMessage(client, 'a lighthouse by the sea');
  const answer = await askForReply(client, sent.session_id);
  expect(answer.status).toBe(202);
  expect((await jobSettled(server, answer.body.job_id)).status).toBe('completed');
}

async function payTestCheckout(client: SignedInClient, priceId = 'price_test_500') {
  const { sessionId } = (await (await client.post('/api/stripe/create-checkout-session', { priceId })).json()) as { sessionId: string };
  return sessionId;
}

describe('the low-balance e-mail', () => {
  it('is sent once for a run of charges, and again only after a top-up and a new fall', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 30,
      reference: `cs_low_${client.userId}`,
      description: 'Top-up',
    });
    expect((await client.request('/api/spending', { method: 'PUT', json: { low_balance_threshold_cents: 25 } })).status).toBe(200);

    await chargeOneImage(client); // 30 → 22: below $0.25
    await chargeOneImage(client); // 22 → 14
    const first = await mailsMatching(client, /balance is below/, 1);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Your PhotoMuse balance is below $0.25');
    expect(first[0]!.text).toContain('Your PhotoMuse balance is now $0.22');
    expect(first[0]!.text).toContain(`${server.deps.config.appUrl}/billing`);

    // A top-up takes it above the threshold; a charge that stays above sends nothing.
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 20,
      reference: `cs_low_again_${client.userId}`,
      description: 'Top-up',
    }); // 14 → 34
    await chargeOneImage(client); // 34 → 26
    expect(await mailsMatching(client, /balance is below/, 2)).toHaveLength(1);

    // The new fall below it: a second e-mail.
    await chargeOneImage(client); // 26 → 18
    const second = await mailsMatching(client, /balance is below/, 2);
    expect(second).toHaveLength(2);
    expect(second.some((mail) => mail.text.includes('now $0.18'))).toBe(true);
  });

  it('is off by default', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 10,
      reference: `cs_off_${client.userId}`,
      description: 'Top-up',
    });
    await chargeOneImage(client);
    expect(await mailsMatching(client, /balance is below/, 1)).toHaveLength(0);
  });
});

describe('the top-up receipt', () => {
  it('is e-mailed once with the amount, the new balance, the date and the payment reference, however often payment is confirmed', async () => {
    const client = await signedInUser(server);
    const sessionId = await payTestCheckout(client, 'price_test_1000');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => client.post(`/api/stripe/test-checkout/${sessionId}/complete`)),
      client.get(`/api/stripe/verify-checkout-session/${sessionId}`),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const receipts = await mailsMatching(client, /receipt/, 2);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('PhotoMuse receipt: $10.00 added to your balance');
    const today = new Date().toISOString().slice(0, 10);
    expect(receipts[0]!.text).toContain('Amount: $10.00');
    expect(receipts[0]!.text).toContain('New balance: $10.00');
    expect(receipts[0]!.text).toContain(`Date: ${today}`);
    expect(receipts[0]!.text).toContain(`Payment reference: ${sessionId}`);
  });
});
