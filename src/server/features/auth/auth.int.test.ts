import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { linkIn, startSmtpInbox } from '@test/server/smtp-inbox';
import { startTestServer, uniqueEmail } from '@test/server/test-server';

let server: RunningServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let appUrl: string;
const PASSWORD = 'Sup3rsecret!';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // APP_URL must be known before start (links in mails); reserve a port by starting twice is
  // wasteful, so use the server's own URL through a fixed port chosen here.
  const port = 41000 + Math.floor(Math.random() * 9000);
  appUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({ SMTP_URL: inbox.url, PORT: String(port), APP_URL: appUrl });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

async function signUpAndConfirm(email: string, extraBody: Record<string, unknown> = {}): Promise<TestClient> {
  const client = new TestClient(appUrl);
  const signUp = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: '',
    callbackURL: '/studio',
    ...extraBody,
  });
  expect(signUp.status).toBe(200);
  const mail = await inbox.waitForMail(email);
  const response = await client.get(linkIn(mail, `${appUrl}/api/auth/verify-email`));
  expect(response.status).toBe(302);
  return client;
}

describe('sign-up with e-mail confirmation', () => {
  it('signs up without a session, mails a confirmation link that signs the user in, then password sign-in works', async () => {
    const email = uniqueEmail('signup');
    const client = new TestClient(appUrl);
    const signUp = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '', callbackURL: '/studio' });
    expect(signUp.status).toBe(200);
    expect(await signUp.json()).not.toHaveProperty('token');
    expect(client.hasSession()).toBe(false);

    const mail = await inbox.waitForMail(email);
    expect(mail.text).toContain('Confirm your PhotoMuse account');
    const link = linkIn(mail, `${appUrl}/api/auth/verify-email`);
    const confirmed = await client.get(link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/studio');
    expect(client.hasSession()).toBe(true);

    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, emailVerified: true, termsAcceptedAt: null, displayName: email.split('@')[0] });

    const other = new TestClient(appUrl);
    const signIn = await other.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(other.hasSession()).toBe(true);
  });

  it('refuses sign-in before confirmation with EMAIL_NOT_CONFIRMED, and resends the confirmation', async () => {
    const email = uniqueEmail('unconfirmed');
    const client = new TestClient(appUrl);
    await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '', callbackURL: '/studio' });
    await inbox.waitForMail(email);
    const before = inbox.mails.filter((m) => m.to.includes(email)).length;

    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toEqual({
      code: 'EMAIL_NOT_CONFIRMED',
      message: 'Please check your email and click the confirmation link',
    });

    const resend = await client.post('/api/auth/send-verification-email', { email, callbackURL: '/studio' });
    expect(resend.status).toBe(200);
    await inbox.waitForMail(email, () => inbox.mails.filter((m) => m.to.includes(email)).length > before);
  });

  it('answers a sign-up with a taken address like any other, and mails the owner instead of creating a second account', async () => {
    const email = uniqueEmail('dupe');
    const client = await signUpAndConfirm(email);
    const again = await new TestClient(appUrl).post('/api/auth/sign-up/email', { email, password: 'Different1', name: '' });
    expect(again.status).toBe(200);
    const notice = await inbox.waitForMail(email, (m) => m.text.includes('You already have a PhotoMuse account'));
    expect(linkIn(notice, `${appUrl}/login`)).toBe(`${appUrl}/login`);
    // The original password still works: nothing was overwritten.
    expect((await new TestClient(appUrl).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await new TestClient(appUrl).post('/api/auth/sign-up/email', {
      email: uniqueEmail('short'),
      password: 'Ab1',
      name: '',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password must be at least 8 characters long' });
  });
});

describe('sign-in', () => {
  it('says INVALID_CREDENTIALS for a wrong password and answers the 4th rapid attempt with 429', async () => {
    const email = uniqueEmail('guess');
    await signUpAndConfirm(email);
    const client = new TestClient(appUrl);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await client.post('/api/auth/sign-in/email', { email, password: `wrong-${attempt}` });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
    const fourth = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please wait a few minutes before trying again.',
      text_code: { code: 'error.tooManyRequests' },
    });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('accepts a bearer token for clients without cookies', async () => {
    const email = uniqueEmail('bearer');
    await signUpAndConfirm(email);
    const signIn = await new TestClient(appUrl).post('/api/auth/sign-in/bearer', { email, password: PASSWORD });
    const { token } = (await signIn.json()) as { token: string };
    expect(token).toBeTruthy();
    const me = await fetch(`${appUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
  });

  it('answers /api/me without a session with 401', async () => {
    const response = await new TestClient(appUrl).get('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a POST from a foreign origin', async () => {
    const email = uniqueEmail('origin');
    await signUpAndConfirm(email);
    const attacker = new TestClient(appUrl, 'https://evil.example');
    const response = await attacker.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(attacker.hasSession()).toBe(false);
  });

  it('refuses a callback URL that leaves the site', async () => {
    const response = await new TestClient(appUrl).post('/api/auth/sign-up/email', {
      email: uniqueEmail('callback'),
      password: PASSWORD,
      name: '',
      callbackURL: 'https://evil.example/steal',
    });
    expect(response.status).toBe(403);
  });

  it('signs out', async () => {
    const client = await signUpAndConfirm(uniqueEmail('signout'));
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a recovery link, sets the new password once, refuses the reused token and signs out other sessions', async () => {
    const email = uniqueEmail('reset');
    const elsewhere = await signUpAndConfirm(email);
    expect((await elsewhere.get('/api/me')).status).toBe(200);

    const client = new TestClient(appUrl);
    const request = await client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(request.status).toBe(200);
    const mail = await inbox.waitForMail(email, (m) => m.text.includes('Reset your PhotoMuse password'));
    const link = new URL(linkIn(mail, `${appUrl}/reset-password`));
    expect(link.searchParams.get('type')).toBe('recovery');
    const token = link.searchParams.get('token')!;

    const NEW_PASSWORD = 'N3w-password';
    const reset = await client.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.status).toBe(200);
    const reused = await client.post('/api/auth/reset-password', { newPassword: 'An0ther-one', token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: 'AUTH_ERROR' });

    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await new TestClient(appUrl).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect((await new TestClient(appUrl).post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('terms acceptance', () => {
  it('records terms_accepted_at once', async () => {
    const client = await signUpAndConfirm(uniqueEmail('terms'));
    const first = await client.post('/api/me/accept-terms', { accepted: true });
    expect(first.status).toBe(200);
    const { termsAcceptedAt } = (await first.json()) as { termsAcceptedAt: string };
    expect(Date.parse(termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = (await (await client.post('/api/me/accept-terms', { accepted: true })).json()) as { termsAcceptedAt: string };
    expect(second.termsAcceptedAt).toBe(termsAcceptedAt);
  });

  it("records the sign-up form's ticked box with the account, so no second terms step is needed", async () => {
    const before = Date.now();
    const client = await signUpAndConfirm(uniqueEmail('terms-form'), { acceptTerms: true });
    const me = (await (await client.get('/api/me')).json()) as { termsAcceptedAt: string | null };
    expect(me.termsAcceptedAt).not.toBeNull();
    expect(Date.parse(me.termsAcceptedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    // Protected endpoints answer at once: the account is not sent to complete-signup.
    expect((await client.get('/api/sessions')).status).toBe(200);
    // Accepting again changes nothing.
    const again = (await (await client.post('/api/me/accept-terms', { accepted: true })).json()) as { termsAcceptedAt: string };
    expect(again.termsAcceptedAt).toBe(me.termsAcceptedAt);
  });

  it('leaves an account signed up without the ticked box to complete-signup', async () => {
    for (const extraBody of [{}, { acceptTerms: 'yes' }, { acceptTerms: false }]) {
      const client = await signUpAndConfirm(uniqueEmail('terms-none'), extraBody);
      expect(((await (await client.get('/api/me')).json()) as { termsAcceptedAt: string | null }).termsAcceptedAt).toBeNull();
      const refused = await client.get('/api/sessions');
      expect(refused.status).toBe(403);
    }
  });

  it('does not let a sign-up set the acceptance time itself', async () => {
    const response = await new TestClient(appUrl).post('/api/auth/sign-up/email', {
      email: uniqueEmail('terms-forged'),
      password: PASSWORD,
      name: '',
      termsAcceptedAt: '2020-01-01T00:00:00Z',
    });
    expect(response.status).toBe(400);
  });

  it('refuses an acceptance that is not a ticked box', async () => {
    const client = await signUpAndConfirm(uniqueEmail('terms-bad'));
    const response = await client.post('/api/me/accept-terms', { accepted: false });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('client address for the limits', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is on, so the header cannot dodge the limits', async () => {
    const email = uniqueEmail('spoof');
    await signUpAndConfirm(email);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const client = new TestClient(appUrl);
      client.headers['X-Forwarded-For'] = `198.18.0.${attempt}`;
      statuses.push((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts per forwarded address behind a trusted proxy', async () => {
    const port = 41000 + Math.floor(Math.random() * 9000);
    const proxied = await startTestServer({
      SMTP_URL: inbox.url,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'true',
    });
    try {
      const email = uniqueEmail('proxied');
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        const client = new TestClient(proxied.url, `http://127.0.0.1:${port}`);
        client.headers['X-Forwarded-For'] = `198.18.1.${attempt}`;
        statuses.push((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).status);
      }
      // Four different visitors, each with one try: nobody is over the limit.
      expect(statuses).toEqual([401, 401, 401, 401]);
    } finally {
      await proxied.stop();
    }
  });
});
