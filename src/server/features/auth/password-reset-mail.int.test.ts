import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { TEST_PASSWORD } from '@test/server/signed-in-user';
import { linkIn, startSmtpInbox, startStalledRelay } from '@test/server/smtp-inbox';
import { startTestServer, uniqueEmail } from '@test/server/test-server';
import { until } from '@test/server/until';

/**
 * A password reset answers without waiting for its mail, which the send-mail job delivers
 * afterwards: so the answer cannot tell, by its time, whether the address has an account. Here
 * the relay stalls — it accepts connections and never greets — until the test releases it.
 */
let server: RunningServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let relay: Awaited<ReturnType<typeof startStalledRelay>>;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  relay = await startStalledRelay(inbox);
  server = await startTestServer({ SMTP_URL: relay.url });
});
afterAll(async () => {
  await server?.stop();
  await relay?.close();
  await inbox?.close();
});

/** The mails waiting in the queue for this address (payloads of send-mail jobs not yet done). */
async function queuedMailsTo(email: string): Promise<number> {
  const result = await server.deps.db.execute<{ count: string }>(
    sql`select count(*) from pgboss.job where name = 'send-mail' and data->>'to' = ${email} and state in ('created', 'retry', 'active')`,
  );
  return Number(result.rows[0]!.count);
}

const askForReset = (email: string) =>
  new TestClient(server.url, server.deps.config.appUrl).request('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: '/reset-password' },
    // Not a measure of speed: a bound so that an answer waiting on the stalled relay fails the test instead of hanging it.
    signal: AbortSignal.timeout(15_000),
  });

describe('asking for a password reset', () => {
  it('answers while the relay stalls, and the mail arrives once the relay recovers', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('reset');
    await server.deps.auth.api.signUpEmail({ body: { email, password: TEST_PASSWORD, name: '' } });

    const answer = await askForReset(email);
    expect(answer.status).toBe(200);
    // Answered, and the mail has not gone: it waits in the queue, its relay connection held.
    expect(inbox.mails.filter((mail) => mail.to.includes(email))).toEqual([]);
    await until('the reset mail to be queued', async () => (await queuedMailsTo(email)) >= 2 || undefined);
    await until('the send-mail job to reach the stalled relay', async () => relay.heldConnections() > 0 || undefined);

    relay.release();
    const mail = await inbox.waitForMail(email, (received) => received.text.includes('Reset your PhotoMuse password'), 45_000);
    expect(linkIn(mail, `${server.deps.config.appUrl}/reset-password`)).toContain('type=recovery');
  });

  it('answers an unknown address exactly as a known one, and queues no mail for it', async () => {
    relay.release();
    const known = uniqueEmail('known');
    await server.deps.auth.api.signUpEmail({ body: { email: known, password: TEST_PASSWORD, name: '' } });
    const unknown = uniqueEmail('nobody');
    const [forKnown, forUnknown] = [await askForReset(known), await askForReset(unknown)];
    expect([forKnown.status, forUnknown.status]).toEqual([200, 200]);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    expect(await queuedMailsTo(unknown)).toBe(0);
    await inbox.waitForMail(known, (received) => received.text.includes('Reset your PhotoMuse password'));
  });
});
