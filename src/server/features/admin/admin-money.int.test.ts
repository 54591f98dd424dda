import { randomUUID } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail, Overview } from '@shared/admin';
import { agentJobs, auditLog, balanceAccounts, cardRefunds, ledgerEntries, paymentDisputes, user } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { creditTopUp, insertCheckoutSession } from '../billing/billing.repository';
import { debitForGeneration, refundGeneration } from '../billing/billing.service';
import { askForReply, jobSettled, sendMessage } from '@test/server/generation';
import { startLocalStripe, type LocalStripe } from '@test/server/local-stripe-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer, uniqueEmail } from '@test/server/test-server';

/**
 * Money the console moves through Stripe, against the local Stripe server (strict as Stripe:
 * signed events, refunds refused above what is left of a charge, unknown ids refused): card
 * refunds, whose ledger entry comes from Stripe's event only; disputes, which freeze the disputed
 * amount until they close; and the overview, whose figures are the ledger's sums.
 */

const WEBHOOK_SECRET = 'whsec_admin_money_secret';
const PRODUCT = 'prod_admin_credits';
const OPERATOR = uniqueEmail('money-operator');

let stripe: LocalStripe;
let server: RunningServer;
let operator: SignedInClient;
/** The SDK as a Stripe user would call it directly (its dashboard, say), pointed at the local server. */
let outside: Stripe;

beforeAll(async () => {
  stripe = await startLocalStripe({ webhookSecret: WEBHOOK_SECRET });
  stripe.setPrices([
    { id: 'price_5', unit_amount: 500, currency: 'usd', nickname: 'Try It Out', product: PRODUCT },
    { id: 'price_10', unit_amount: 1000, currency: 'usd', nickname: 'Creator Pack', product: PRODUCT },
  ]);
  server = await startTestServer({
    ADMIN_EMAILS: OPERATOR,
    FREE_GENERATIONS: '0',
    PRICE_PER_IMAGE_CENTS: '8',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_PRODUCT_ID: PRODUCT,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  stripe.setWebhook(`${server.url}/api/stripe/webhook`);
  operator = await signedInUser(server, { email: OPERATOR });
  const api = new URL(stripe.url);
  outside = new Stripe('sk_test_dashboard', {
    host: api.hostname,
    port: api.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

/** A package bought and paid by card, credited through the success page's check. */
async function paidTopUp(
  client: SignedInClient,
  priceId = 'price_10',
): Promise<{ sessionId: string; chargeId: string; paymentIntentId: string }> {
  const started = await client.post('/api/stripe/create-checkout-session', { priceId });
  expect(started.status).toBe(200);
  const { sessionId } = (await started.json()) as { sessionId: string };
  stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });
  expect(await (await client.get(`/api/stripe/verify-checkout-session/${sessionId}`)).json()).toMatchObject({ status: 'success' });
  const charge = stripe.chargeOfSession(sessionId);
  return { sessionId, chargeId: charge.id as string, paymentIntentId: charge.payment_intent as string };
}

const spend = (userId: string, images: number) =>
  debitForGeneration(server.deps.db, { userId, jobId: randomUUID(), imageCount: images, pricePerImageCents: 8 });
const adjustmentsOf = (userId: string) =>
  server.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment')));
const accountOf = async (userId: string) =>
  (await server.deps.db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, userId)))[0]!;
const detailOf = async (userId: string) => (await (await operator.get(`/api/admin/users/${userId}`)).json()) as AdminUserDetail;
const refundRequests = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
const eventsOf = (type: string) => stripe.events.filter((event) => event.type === type);

async function refund(userId: string, body: { requestId?: string; checkoutSessionId: string; amountCents: number }) {
  const response = await operator.post(`/api/admin/users/${userId}/card-refunds`, {
    requestId: randomUUID(),
    reason: 'Customer asked for their money back',
    ...body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a card refund from the console', () => {
  it('freezes the amount, asks Stripe once, and posts one ledger entry when the refund event arrives — none more when it comes again', async () => {
    const client = await signedInUser(server);
    const topUp = await paidTopUp(client);
    await spend(client.userId, 5);
    expect((await detailOf(client.userId)).topUps).toEqual([
      expect.objectContaining({ id: topUp.sessionId, amountCents: 1000, refundedCents: 0, refundableCents: 960 }),
    ]);

    // Never more than the unspent part of that top-up: nothing is asked of Stripe.
    expect(await refund(client.userId, { checkoutSessionId: topUp.sessionId, amountCents: 961 })).toMatchObject({
      status: 400,
      body: { details: { reason: 'REFUND_TOO_LARGE', refundableCents: 960 } },
    });
    expect(refundRequests()).toHaveLength(0);

    const requestId = randomUUID();
    expect(await refund(client.userId, { requestId, checkoutSessionId: topUp.sessionId, amountCents: 600 })).toMatchObject({
      status: 200,
      body: { repeated: false },
    });
    expect(refundRequests().map((request) => [request.idempotencyKey, request.body])).toEqual([
      [
        `photomuse-refund-${requestId}`,
        {
          payment_intent: topUp.paymentIntentId,
          amount: '600',
          reason: 'requested_by_customer',
          metadata: { photomuse_refund_id: requestId, user_id: client.userId },
        },
      ],
    ]);
    // The console posts nothing itself; meanwhile the amount cannot be spent.
    expect(await adjustmentsOf(client.userId)).toEqual([]);
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 960, frozenCents: 600 });
    await expect(spend(client.userId, 46)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await (await client.get('/api/stripe/balance')).json()).toMatchObject({ availableCents: 960, frozenCents: 600 });
    const [audited] = await server.deps.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
    expect(audited).toMatchObject({
      action: 'card_refund_requested',
      targetUserId: client.userId,
      targetReference: topUp.sessionId,
      before: { frozenCents: 0 },
      after: { frozenCents: 600, refundCents: 600 },
    });

    // Stripe's events arrive: one adjustment, the frozen amount released.
    const delivered = await stripe.deliverEvents('refund.created', 'charge.refunded');
    expect(delivered.map((response) => response.status)).toEqual([200, 200]);
    const taken = await adjustmentsOf(client.userId);
    expect(taken.map((entry) => [entry.amountCents, entry.reference, entry.balanceAfterCents])).toEqual([
      [-600, `${topUp.chargeId}:600`, 360],
    ]);
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 360, frozenCents: 0 });

    // Delivered again, and submitted again: nothing more, at Stripe or in the ledger.
    const chargeRefunded = eventsOf('charge.refunded').at(-1)!;
    expect((await stripe.redeliver(chargeRefunded.id)).status).toBe(200);
    expect(await refund(client.userId, { requestId, checkoutSessionId: topUp.sessionId, amountCents: 600 })).toMatchObject({
      status: 200,
      body: { repeated: true },
    });
    expect(refundRequests()).toHaveLength(1);
    expect(await adjustmentsOf(client.userId)).toEqual(taken);
    expect(await server.deps.db.select().from(auditLog).where(eq(auditLog.targetUserId, client.userId))).toHaveLength(1);
    expect(await detailOf(client.userId)).toMatchObject({
      topUps: [{ refundedCents: 600, pendingRefundCents: 0, refundableCents: 360 }],
      cardRefunds: [{ id: requestId, amountCents: 600, status: 'succeeded' }],
    });
  });

  it('is refused by Stripe above what is left of the charge, and then nothing stays frozen', async () => {
    const client = await signedInUser(server);
    const topUp = await paidTopUp(client);
    // Refunded in Stripe's dashboard, its event not here yet: the console still believes $10.00 is left.
    await outside.refunds.create({ payment_intent: topUp.paymentIntentId, amount: 700 });
    const refused = await refund(client.userId, { checkoutSessionId: topUp.sessionId, amountCents: 500 });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        details: { reason: 'STRIPE_REFUSED', stripeCode: 'amount_too_large' },
        message: 'Stripe refused the refund: Refund amount ($5.00) is greater than unrefunded amount on charge ($3.00)',
      },
    });
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 1000, frozenCents: 0 });
    expect((await detailOf(client.userId)).cardRefunds).toEqual([expect.objectContaining({ status: 'failed', amountCents: 500 })]);

    // The dashboard's refund is taken back when its event comes, like any other.
    await stripe.deliverEvents('charge.refunded');
    expect((await adjustmentsOf(client.userId)).map((entry) => entry.amountCents)).toEqual([-700]);
    expect((await detailOf(client.userId)).topUps).toEqual([expect.objectContaining({ refundedCents: 700, refundableCents: 300 })]);
  });

  it("is refused for a top-up made in test mode, for another account's top-up, and for an operator's own", async () => {
    const client = await signedInUser(server);
    const testModeId = `cs_test_local_${randomUUID()}`;
    await insertCheckoutSession(server.deps.db, {
      id: testModeId,
      userId: client.userId,
      provider: 'test',
      amountTotalCents: 500,
      currency: 'usd',
      priceId: null,
      status: 'complete',
      paymentStatus: 'paid',
    });
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 500,
      reference: testModeId,
      description: 'Top-up (test mode, no real charge)',
    });
    expect(await refund(client.userId, { checkoutSessionId: testModeId, amountCents: 100 })).toMatchObject({
      status: 400,
      body: { details: { reason: 'NOT_REFUNDABLE' } },
    });
    const other = await signedInUser(server);
    const othersTopUp = await paidTopUp(other);
    expect((await refund(client.userId, { checkoutSessionId: othersTopUp.sessionId, amountCents: 100 })).status).toBe(404);
    const operatorsTopUp = await paidTopUp(operator, 'price_5');
    expect(await refund(operator.userId, { checkoutSessionId: operatorsTopUp.sessionId, amountCents: 100 })).toMatchObject({
      status: 400,
      body: { details: { reason: 'OWN_ACCOUNT' } },
    });
    expect(
      refundRequests().filter((request) => (request.body.metadata as { user_id?: string } | undefined)?.user_id === client.userId),
    ).toEqual([]);
  });
});

describe('the local Stripe server', () => {
  it('refuses what Stripe refuses: no key, unknown ids and parameters, a refunded or disputed charge', async () => {
    const client = await signedInUser(server);
    const topUp = await paidTopUp(client, 'price_5');
    const keyless = await fetch(`${stripe.url}/v1/refunds`, { method: 'POST' });
    expect(keyless.status).toBe(401);
    await expect(outside.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
      message: "No such payment_intent: 'pi_unknown'",
    });
    await expect(outside.charges.retrieve('ch_unknown')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(
      outside.refunds.create({ payment_intent: topUp.paymentIntentId, amount: 100, colour: 'red' } as Stripe.RefundCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown' });
    await expect(outside.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' });
    await outside.refunds.create({ payment_intent: topUp.paymentIntentId });
    await expect(outside.refunds.create({ payment_intent: topUp.paymentIntentId, amount: 1 })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const disputed = await paidTopUp(client, 'price_5');
    stripe.openDispute(disputed.chargeId);
    await expect(outside.refunds.create({ charge: disputed.chargeId })).rejects.toMatchObject({ code: 'charge_disputed' });
    await stripe.deliverEvents();
  });
});

describe('a dispute', () => {
  it('freezes the disputed amount until it closes; won, the amount is free again and the ledger untouched', async () => {
    const client = await signedInUser(server);
    const topUp = await paidTopUp(client);
    const dispute = stripe.openDispute(topUp.chargeId);
    await stripe.deliverEvents('charge.dispute.created');
    await stripe.redeliver(eventsOf('charge.dispute.created').at(-1)!.id);
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 1000, frozenCents: 1000 });
    await expect(spend(client.userId, 1)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await detailOf(client.userId)).disputes).toEqual([
      expect.objectContaining({ id: dispute.id, amountCents: 1000, status: 'needs_response', frozenCents: 1000, closedAt: null }),
    ]);
    expect((await detailOf(client.userId)).spendableCents).toBe(0);

    stripe.closeDispute(dispute.id as string, 'won');
    await stripe.deliverEvents('charge.dispute.closed');
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 1000, frozenCents: 0 });
    expect(await adjustmentsOf(client.userId)).toEqual([]);
    await spend(client.userId, 1);
    expect((await detailOf(client.userId)).disputes).toEqual([
      expect.objectContaining({ status: 'won', frozenCents: 0, closedAt: expect.any(String) }),
    ]);
  });

  it('lost, takes the amount back through the ledger once — what the balance still holds of it', async () => {
    const client = await signedInUser(server);
    const topUp = await paidTopUp(client);
    await spend(client.userId, 5);
    const dispute = stripe.openDispute(topUp.chargeId);
    await stripe.deliverEvents('charge.dispute.created');
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 960, frozenCents: 1000 });
    stripe.closeDispute(dispute.id as string, 'lost');
    await stripe.deliverEvents('charge.dispute.closed');
    await stripe.redeliver(eventsOf('charge.dispute.closed').at(-1)!.id);
    expect((await adjustmentsOf(client.userId)).map((entry) => [entry.amountCents, entry.reference, entry.description])).toEqual([
      [-960, `dispute:${dispute.id as string}`, 'Card payment disputed and lost: $10.00 (only $9.60 of credit was left to take back)'],
    ]);
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 0, frozenCents: 0 });
  });

  it('heard of only when it closes is recorded closed, freezing nothing', async () => {
    const client = await signedInUser(server);
    const topUp = await paidTopUp(client, 'price_5');
    const dispute = stripe.openDispute(topUp.chargeId);
    stripe.closeDispute(dispute.id as string, 'lost');
    // The closing event is delivered first, the opening one after it.
    await stripe.deliverEvents('charge.dispute.closed');
    await stripe.deliverEvents('charge.dispute.created');
    expect(await accountOf(client.userId)).toMatchObject({ availableCents: 0, frozenCents: 0 });
    expect((await adjustmentsOf(client.userId)).map((entry) => entry.amountCents)).toEqual([-500]);
    const [row] = await server.deps.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.id, dispute.id as string));
    expect(row).toMatchObject({ status: 'lost', frozenCents: 0 });
  });
});

describe('the overview', () => {
  /** A stretch of days no other test writes in: this test's rows are moved there, so its sums are its own. */
  const FIRST_DAY = '2003-02-10';
  const LAST_DAY = '2003-02-14';
  const from = new Date(`${FIRST_DAY}T00:00:00Z`);
  const to = new Date('2003-02-15T00:00:00Z');

  it('equals the sums the test computes from the ledger, day by day, with card refunds and lost disputes taken from the revenue', async () => {
    const client = await signedInUser(server);
    const big = await paidTopUp(client);
    const small = await paidTopUp(client, 'price_5');
    await operator.post(`/api/admin/users/${client.userId}/free-images`, { requestId: randomUUID(), reason: 'Overview check', count: 2 });
    await spend(client.userId, 3); // 2 free, 1 paid: 8 cents
    const refunded = await spend(client.userId, 2); // 16 cents, then refunded
    await refundGeneration(server.deps.db, { userId: client.userId, jobId: refunded.jobId });
    const made = await sendMessage(client, 'a lighthouse by the sea at dawn');
    const reply = await askForReply(client, made.session_id);
    expect(reply.status).toBe(202);
    expect((await jobSettled(server, reply.body.job_id)).status).toBe('completed');
    expect(await refund(client.userId, { checkoutSessionId: big.sessionId, amountCents: 300 })).toMatchObject({ status: 200 });
    await stripe.deliverEvents('charge.refunded');
    const dispute = stripe.openDispute(small.chargeId);
    stripe.closeDispute(dispute.id as string, 'lost');
    await stripe.deliverEvents('charge.dispute.created', 'charge.dispute.closed');

    // Everything of this account moves to 11 and 12 February 2003, keeping its order and durations.
    const { db } = server.deps;
    const shift = sql`(timestamptz '2003-02-11 12:00:00+00' - (select min(created_at) from ledger_entries where user_id = ${client.userId}))`;
    await db.execute(sql`
      with moved_jobs as (update agent_jobs set created_at = created_at + ${shift}, started_at = started_at + ${shift}, completed_at = completed_at + ${shift} where user_id = ${client.userId}),
      moved_refunds as (update card_refunds set created_at = created_at + ${shift}, settled_at = settled_at + ${shift} where user_id = ${client.userId}),
      moved_disputes as (update payment_disputes set opened_at = opened_at + ${shift} + interval '1 day', closed_at = closed_at + ${shift} + interval '1 day' where user_id = ${client.userId}),
      moved_user as (update "user" set created_at = created_at + ${shift} where id = ${client.userId})
      update ledger_entries set created_at = created_at + ${shift} where user_id = ${client.userId}`);

    const response = await operator.get(`/api/admin/overview?period=custom&from=${FIRST_DAY}&to=${LAST_DAY}`);
    expect(response.status).toBe(200);
    const overview = (await response.json()) as Overview;

    // The same figures, computed here from the ledger itself.
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)));
    const of = (kind: string) => entries.filter((entry) => entry.kind === kind);
    const sum = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);
    const topUps = { count: of('top_up').length, cents: sum(of('top_up')) };
    const charges = { count: of('usage').filter((e) => e.amountCents < 0).length, cents: -sum(of('usage')) };
    const refunds = { count: of('refund').filter((e) => e.amountCents > 0).length, cents: sum(of('refund')) };
    const freeImagesUsed = -[...of('usage'), ...of('refund')].reduce((total, entry) => total + entry.freeGenerationsDelta, 0);
    expect(topUps).toEqual({ count: 2, cents: 1500 });
    expect(charges).toEqual({ count: 3, cents: 8 + 16 + 8 });
    expect(refunds).toEqual({ count: 1, cents: 16 });
    expect(freeImagesUsed).toBe(2);
    const cardRefunded = (await db.select().from(cardRefunds).where(eq(cardRefunds.userId, client.userId))).reduce(
      (total, row) => total + row.amountCents,
      0,
    );
    expect(cardRefunded).toBe(300);

    expect(overview).toMatchObject({
      period: { firstDay: FIRST_DAY, lastDay: LAST_DAY, from: from.toISOString(), to: to.toISOString() },
      topUps,
      charges,
      refunds,
      freeImagesUsed,
      cardRefunds: { count: 1, cents: 300 },
      netRevenueCents: topUps.cents - cardRefunded - 500,
      signUps: 1,
      activeUsers: 1,
      disputes: { opened: { count: 1, cents: 500 }, lost: { count: 1, cents: 500 } },
      generations: [{ engine: 'local', completed: 1, refunded: 0, failed: 0, stopped: 0, inProgress: 0 }],
      timings: [{ engine: 'local', count: 1, medianSeconds: expect.any(Number), p95Seconds: expect.any(Number) }],
    });
    const [job] = await db.select().from(agentJobs).where(eq(agentJobs.userId, client.userId));
    const seconds = (job!.completedAt!.getTime() - job!.startedAt!.getTime()) / 1000;
    expect(overview.timings[0]!.medianSeconds).toBeCloseTo(seconds, 1);
    expect(overview.daily.map((day) => day.day)).toEqual(['2003-02-10', '2003-02-11', '2003-02-12', '2003-02-13', '2003-02-14']);
    const byDay = (day: string) => entries.filter((entry) => entry.createdAt.toISOString().startsWith(day));
    for (const day of overview.daily) {
      expect(day).toEqual({
        day: day.day,
        topUpCents: sum(byDay(day.day).filter((e) => e.kind === 'top_up')),
        chargeCents: Math.abs(sum(byDay(day.day).filter((e) => e.kind === 'usage'))),
        signUps: day.day === '2003-02-11' ? 1 : 0,
        generations: day.day === '2003-02-11' ? 1 : 0,
      });
    }
    const [joined] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, client.userId));
    expect(joined!.createdAt.toISOString().slice(0, 10)).toBe('2003-02-11');

    // The presets end today.
    const today = (await (await operator.get('/api/admin/overview?period=today')).json()) as Overview;
    expect(today.period.firstDay).toBe(new Date().toISOString().slice(0, 10));
    expect(today.daily).toHaveLength(1);
    expect((await operator.get('/api/admin/overview?period=custom&from=2003-02-14&to=2003-02-10')).status).toBe(400);
    expect((await operator.get('/api/admin/overview?period=custom&from=2003-01-01&to=2004-12-31')).status).toBe(400);
  });
});
