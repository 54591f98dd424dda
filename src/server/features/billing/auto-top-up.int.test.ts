import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutoTopUpSettings } from '@shared/auto-top-up';
import { autoTopUps, devMails, ledgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { startTestServer } from '@test/server/test-server';
import { startLocalStripe, type LocalStripe } from '@test/server/local-stripe-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { until } from '@test/server/until';
import { creditTopUp } from './billing.repository';
import { debitForGeneration } from './billing.service';
import { insertAttempt } from './auto-top-up.repository';
import { idempotencyKeyOf, runAutoTopUp } from './auto-top-up.service';

/**
 * Auto top-up against the local Stripe: a card saved through Checkout in setup mode, one
 * off-session PaymentIntent per trigger (its idempotency key the attempt's id), and each outcome a
 * card can have off-session — paid, authentication required, declined.
 */

const WEBHOOK_SECRET = 'whsec_local_auto_top_up';
const PRODUCT = 'prod_local_credits';
const THRESHOLD = 500;
const AMOUNT = 1000;

let stripe: LocalStripe;
let server: RunningServer;
let appUrl: string;

beforeAll(async () => {
  stripe = await startLocalStripe({ webhookSecret: WEBHOOK_SECRET });
  stripe.setPrices([{ id: 'price_10', unit_amount: 1000, currency: 'usd', nickname: null, product: PRODUCT }]);
  const port = 41000 + Math.floor(Math.random() * 9000);
  appUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    PORT: String(port),
    APP_URL: appUrl,
    FREE_GENERATIONS: '0',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_PRODUCT_ID: PRODUCT,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  stripe.setWebhook(`${server.url}/api/stripe/webhook`);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

async function settingsOf(client: SignedInClient): Promise<AutoTopUpSettings> {
  const response = await client.get('/api/auto-top-up');
  expect(response.status).toBe(200);
  return (await response.json()) as AutoTopUpSettings;
}

/** A user who saved a card through Checkout in setup mode, with auto top-up on and `balance` cents. */
async function userWithAutoTopUp(card: Parameters<LocalStripe['completeSetupSession']>[1], balance = THRESHOLD + 20, monthlyMax = 5000) {
  const client = await signedInUser(server);
  const started = await client.post('/api/auto-top-up/card-setup');
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)/.exec(url)![1]!;
  const session = stripe.session(sessionId);
  expect(session.mode).toBe('setup');
  expect(session.success_url).toBe(`${appUrl}/billing?card_setup={CHECKOUT_SESSION_ID}#auto-top-up`);
  const { paymentMethodId } = stripe.completeSetupSession(sessionId, card);
  const saved = await client.request('/api/auto-top-up/card', { method: 'PUT', json: { setup_id: sessionId } });
  expect(saved.status).toBe(200);
  const turnedOn = await client.request('/api/auto-top-up', {
    method: 'PUT',
    json: { enabled: true, threshold_cents: THRESHOLD, amount_cents: AMOUNT, monthly_max_cents: monthlyMax },
  });
  expect(turnedOn.status).toBe(200);
  expect(((await turnedOn.json()) as AutoTopUpSettings).enabled).toBe(true);
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: balance,
    reference: `cs_seed_${client.userId}`,
    description: 'Top-up',
  });
  return { client, paymentMethodId, customer: session.customer as string };
}

/** One paid generation's charge, in its own transaction, as the chat request makes it. */
function charge(userId: string, cents: number) {
  return server.deps.db.transaction((tx) =>
    debitForGeneration(tx, { userId, jobId: randomUUID(), imageCount: 1, pricePerImageCents: cents }, server.deps),
  );
}

const attemptsOf = (userId: string) => server.deps.db.select().from(autoTopUps).where(eq(autoTopUps.userId, userId));
const settled = (userId: string) =>
  until('the auto top-up to settle', async () => {
    const rows = await attemptsOf(userId);
    return rows.length > 0 && rows.every((row) => row.status !== 'pending') ? rows : undefined;
  });
const paymentIntentRequests = (customer: string) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.customer === customer);
const topUps = (userId: string) =>
  server.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'top_up')));
const balanceCents = async (client: SignedInClient) =>
  ((await (await client.get('/api/stripe/balance')).json()) as { availableCents: number }).availableCents;

async function mailsTo(email: string, subject: RegExp, count = 1) {
  return until(`${count} mail(s) matching ${subject}`, async () => {
    const mails = (await server.deps.db.select().from(devMails).where(eq(devMails.to, email))).filter((m) => subject.test(m.subject));
    return mails.length >= count ? mails : undefined;
  });
}

describe('auto top-up', () => {
  it('pays once off-session when a charge takes the balance below the threshold, credited once with a receipt', async () => {
    const { client, paymentMethodId, customer } = await userWithAutoTopUp('pm_card_visa');
    await charge(client.userId, 30); // 520 → 490: below $5.00
    const [attempt] = await settled(client.userId);
    expect(attempt!.status).toBe('succeeded');

    const [request, ...more] = paymentIntentRequests(customer);
    expect(more).toHaveLength(0);
    expect(request!.idempotencyKey).toBe(idempotencyKeyOf(attempt!.id));
    expect(request!.body).toMatchObject({ amount: String(AMOUNT), off_session: 'true', confirm: 'true', payment_method: paymentMethodId });
    expect(await balanceCents(client)).toBe(490 + AMOUNT);

    // Stripe delivers payment_intent.succeeded at least once: twice here, and nothing more is credited.
    await stripe.deliverEvents('payment_intent.succeeded');
    const event = stripe.events.find((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(attempt!.id))!;
    expect((await stripe.redeliver(event.id)).status).toBe(200);
    expect((await topUps(client.userId)).filter((entry) => entry.reference === attempt!.paymentIntentId)).toHaveLength(1);
    expect(await balanceCents(client)).toBe(490 + AMOUNT);
    expect(await mailsTo(client.email, /receipt: \$10\.00/)).toHaveLength(1);
    expect((await settingsOf(client)).this_month_cents).toBe(AMOUNT);
  });

  it('credits through the webhook, once, when the job died after Stripe took the payment, and its retry pays nothing more', async () => {
    const { client, customer } = await userWithAutoTopUp('pm_card_visa', THRESHOLD + 100);
    // An attempt as a charge queues it; the job "dies" after Stripe answered, before writing anything.
    const attempt = (await insertAttempt(server.deps.db, {
      userId: client.userId,
      triggerKey: `charge:${randomUUID()}`,
      amountCents: AMOUNT,
    }))!;
    const settings = await server.deps.db.query.autoTopUpSettings.findFirst({ where: (s, { eq: is }) => is(s.userId, client.userId) });
    await server.deps.payments.cards.chargeSavedCard({
      userId: client.userId,
      paymentMethodId: settings!.paymentMethodId!,
      amountCents: AMOUNT,
      idempotencyKey: idempotencyKeyOf(attempt.id),
      metadata: { user_id: client.userId, auto_top_up_id: attempt.id },
    });
    const event = stripe.events.find((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(attempt.id))!;
    expect((await stripe.redeliver(event.id)).status).toBe(200);
    expect((await stripe.redeliver(event.id)).status).toBe(200);
    expect(await balanceCents(client)).toBe(THRESHOLD + 100 + AMOUNT);

    // The job's retry asks again with the same key: Stripe answers with the same PaymentIntent.
    await runAutoTopUp(server.deps, attempt.id);
    expect(await balanceCents(client)).toBe(THRESHOLD + 100 + AMOUNT);
    const intents = new Set(
      stripe.events
        .filter((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(customer))
        .map((e) => JSON.parse(e.payload).data.object.id),
    );
    expect(intents.size).toBe(1);
    expect(await topUps(client.userId)).toHaveLength(2); // the seed and the auto top-up
  });

  it('asks the cardholder by e-mail to finish a payment their bank wants confirmed, and credits it through checkout', async () => {
    const { client, customer } = await userWithAutoTopUp('pm_card_authenticationRequired');
    await charge(client.userId, 30);
    const [attempt] = await settled(client.userId);
    expect(attempt).toMatchObject({ status: 'requires_action', failureCode: 'authentication_required' });
    expect(attempt!.paymentIntentId).toMatch(/^pi_/);

    const [mail] = await mailsTo(client.email, /Confirm your PhotoMuse auto top-up of \$10\.00/);
    expect(mail!.text).toContain(`${appUrl}/billing#auto-top-up`);
    expect((await settingsOf(client)).needs_confirmation).toEqual({ id: attempt!.id, amount_cents: AMOUNT });

    // While it waits for the cardholder, further charges below the threshold pay nothing off-session.
    await charge(client.userId, 30);
    expect(paymentIntentRequests(customer)).toHaveLength(1);
    expect(await balanceCents(client)).toBe(460);

    const finish = await client.post(`/api/auto-top-up/attempts/${attempt!.id}/finish`);
    expect(finish.status).toBe(200);
    const { sessionId } = (await finish.json()) as { sessionId: string; url: string };
    expect(stripe.session(sessionId)).toMatchObject({ mode: 'payment', amount_total: AMOUNT, customer });
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });
    await client.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    expect(await balanceCents(client)).toBe(460 + AMOUNT);
    expect((await settingsOf(client)).needs_confirmation).toBeNull();
    // A second finish of the same attempt starts nothing.
    expect((await client.post(`/api/auto-top-up/attempts/${attempt!.id}/finish`)).status).toBe(404);
  });

  it('turns itself off when the card is declined, and says so by e-mail and on the Billing page', async () => {
    const { client, customer } = await userWithAutoTopUp('pm_card_chargeDeclined');
    await charge(client.userId, 30);
    const [attempt] = await settled(client.userId);
    expect(attempt).toMatchObject({ status: 'failed', failureCode: 'generic_decline' });
    const settings = await settingsOf(client);
    expect(settings).toMatchObject({ enabled: false, off_reason: 'declined' });
    const [mail] = await mailsTo(client.email, /auto top-up was declined and is turned off/);
    expect(mail!.text).toContain(`${appUrl}/billing#auto-top-up`);
    expect(await balanceCents(client)).toBe(490);

    await charge(client.userId, 30);
    expect(paymentIntentRequests(customer)).toHaveLength(1);
    expect(await attemptsOf(client.userId)).toHaveLength(1);
  });

  it('never makes two off-session payments for one trigger under 20 concurrent charges', async () => {
    const { client, customer } = await userWithAutoTopUp('pm_card_visa');
    const charges = await Promise.allSettled(Array.from({ length: 20 }, () => charge(client.userId, 8)));
    expect(charges.filter((c) => c.status === 'fulfilled')).toHaveLength(20);
    const attempts = await settled(client.userId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.status).toBe('succeeded');
    expect(paymentIntentRequests(customer)).toHaveLength(1);
    expect(await balanceCents(client)).toBe(THRESHOLD + 20 - 20 * 8 + AMOUNT);
  });

  it('stops at the monthly maximum', async () => {
    const { client, customer } = await userWithAutoTopUp('pm_card_visa', THRESHOLD + 20, AMOUNT);
    await charge(client.userId, 30);
    await settled(client.userId);
    await charge(client.userId, AMOUNT + 100); // below the threshold again: this month's maximum is reached
    expect(await attemptsOf(client.userId)).toHaveLength(1);
    expect(paymentIntentRequests(customer)).toHaveLength(1);
  });

  it('turns off when the card is removed, and the card is detached at Stripe', async () => {
    const { client, paymentMethodId, customer } = await userWithAutoTopUp('pm_card_visa');
    expect(stripe.paymentMethod(paymentMethodId).customer).toBe(customer);
    const removed = await client.request('/api/auto-top-up/card', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ enabled: false, card: null, off_reason: 'card_removed' });
    expect(stripe.paymentMethod(paymentMethodId).customer).toBeNull();

    await charge(client.userId, 30);
    expect(await attemptsOf(client.userId)).toHaveLength(0);
    expect(paymentIntentRequests(customer)).toHaveLength(0);
  });

  it('refuses settings out of range with codes, and turning on without a card', async () => {
    const client = await signedInUser(server);
    const noCard = await client.request('/api/auto-top-up', {
      method: 'PUT',
      json: { enabled: true, threshold_cents: THRESHOLD, amount_cents: AMOUNT, monthly_max_cents: 5000 },
    });
    expect(noCard.status).toBe(400);
    expect(await noCard.json()).toMatchObject({ details: { auto_top_up: [{ code: 'card_required' }] } });

    const { client: withCard } = await userWithAutoTopUp('pm_card_visa');
    const bad = await withCard.request('/api/auto-top-up', {
      method: 'PUT',
      json: { enabled: true, threshold_cents: 50, amount_cents: 100, monthly_max_cents: 50 },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { code: string; details: { auto_top_up: Array<{ code: string }> } };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.auto_top_up.map((p) => p.code)).toEqual(['threshold_too_low', 'amount_too_low', 'monthly_max_below_amount']);
  });

  it("keeps another user's setup session and waiting payment out of reach", async () => {
    const { client: owner } = await userWithAutoTopUp('pm_card_authenticationRequired');
    await charge(owner.userId, 30);
    const [attempt] = await settled(owner.userId);
    const other = await signedInUser(server);
    expect((await other.post(`/api/auto-top-up/attempts/${attempt!.id}/finish`)).status).toBe(404);
    const started = (await (await owner.post('/api/auto-top-up/card-setup')).json()) as { url: string };
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)/.exec(started.url)![1]!;
    stripe.completeSetupSession(sessionId, 'pm_card_visa');
    expect((await other.request('/api/auto-top-up/card', { method: 'PUT', json: { setup_id: sessionId } })).status).toBe(404);
  });
});

describe('the local Stripe idempotency', () => {
  it('answers the same key and parameters with the same object, and refuses the key with other parameters', async () => {
    const key = `test-${randomUUID()}`;
    const send = (amount: number) =>
      fetch(`${stripe.url}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_local', 'Idempotency-Key': key, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `email=a%40example.com&metadata[n]=${amount}`,
      });
    const first = (await (await send(1)).json()) as { id: string };
    const again = (await (await send(1)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const other = await send(2);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
  });
});
