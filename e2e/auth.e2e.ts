import { request, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, visitorHeaders } from './support/browser';

/**
 * Accounts in the browser, against the product as `npm start` serves it: no SMTP, so every mail
 * lands in the dev mailbox, where these tests (like a new user) read their links.
 *
 * The server allows 3 sign-in attempts per minute per address and e-mail, and 20 sign-ups per
 * minute per address: every test uses its own e-mail and signs in as little as it can.
 */

const PASSWORD = 'Sup3r-secret';

let browser: Browser;
let mailbox: APIRequestContext;
beforeAll(async () => {
  browser = await launchBrowser();
  mailbox = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: visitorHeaders() });
});
afterAll(async () => {
  await mailbox?.dispose();
  await browser?.close();
});

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(email: string, subject: string): Promise<DevMail[]> {
  const response = await mailbox.get('/api/dev/mailbox');
  expect(response.status()).toBe(200);
  const { mails } = (await response.json()) as { mails: DevMail[] };
  return mails.filter((mail) => mail.to === email && mail.subject.includes(subject));
}

/** The newest mail once there are `count` of them (mails are written after the answer is sent). */
async function waitForMail(email: string, subject: string, count = 1): Promise<DevMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await mailsTo(email, subject);
    if (mails.length >= count) return mails[0]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subject}" (#${count}) to ${email}`);
}

function linkIn(mail: DevMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`No ${path} link in: ${mail.text}`);
  return link;
}

interface UserOptions {
  confirmed?: boolean;
  acceptTerms?: boolean;
  /** Sign this browser context in (confirming signs the user in); otherwise a throw-away client is used. */
  signInto?: BrowserContext;
}

/** An account made through the same API the screens use, for tests about something else. */
async function createUser(tag: string, { confirmed = true, acceptTerms = false, signInto }: UserOptions = {}): Promise<string> {
  const email = uniqueEmail(tag);
  const client = signInto ? signInto.request : await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: visitorHeaders() });
  const headers = { Origin: baseUrl() };
  try {
    const signUp = await client.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, name: '', callbackURL: '/complete-signup' },
      headers,
    });
    expect(signUp.status()).toBe(200);
    if (!confirmed) return email;
    const mail = await waitForMail(email, 'Confirm your');
    const confirm = await client.get(linkIn(mail, '/api/auth/verify-email'), { maxRedirects: 0 });
    expect(confirm.status()).toBe(302);
    if (acceptTerms) expect((await client.post('/api/me/accept-terms', { data: { accepted: true }, headers })).status()).toBe(200);
    return email;
  } finally {
    if (!signInto) await client.dispose();
  }
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function expectVisible(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor();
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('sign-up journey', () => {
  it.each(['desktop', 'phone'] as const)(
    'signs up with the terms box ticked, confirms through the dev mailbox and lands on the sessions list without a second terms step (%s)',
    async (viewport) => {
      const { context, page } = await newPage(browser, viewport);
      const email = uniqueEmail('journey');
      await page.goto('/signup');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByLabel(/I accept the/).check();
      await page.getByRole('button', { name: 'Create account' }).click();

      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await expectVisible(page, `We sent a confirmation link to ${email}. Click it to activate your account.`);
      await page.getByRole('link', { name: 'Open the dev mailbox' }).click();

      await page.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
      const mail = page.getByRole('article').filter({ hasText: email }).filter({ hasText: 'Confirm your PhotoMuse account' });
      await mail.getByRole('link', { name: /\/api\/auth\/verify-email/ }).click();

      // The ticked box was the acceptance: the link leads straight to the sessions list.
      await page.waitForURL('**/studio');
      await page.getByRole('heading', { name: 'No sessions yet' }).waitFor();
      expect(pathOf(page)).toBe('/studio');
      expect(await page.getByRole('heading', { name: 'One last step' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
      // Complete signup is only for accounts that have not accepted.
      await page.goto('/complete-signup');
      await page.waitForURL('**/studio');

      // Signed in, login and signup lead on to the sessions list.
      await page.goto('/login');
      await page.waitForURL('**/studio');
      await page.goto('/signup');
      await page.waitForURL('**/studio');
      await context.close();
    },
  );

  it('asks an account that has not accepted the terms (a social sign-up) to accept them once', async () => {
    const { context, page } = await newPage(browser);
    await createUser('terms-once', { signInto: context });
    await page.goto('/studio');
    await page.waitForURL('**/complete-signup');
    await page.getByRole('heading', { name: 'One last step' }).waitFor();
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expectVisible(page, 'You must accept the terms of service and privacy policy to continue');
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.waitForURL('**/studio');
    await page.goto('/complete-signup');
    await page.waitForURL('**/studio');
    await context.close();
  });

  it("signs out with 'Go back to login' on the terms screen", async () => {
    const { context, page } = await newPage(browser);
    await createUser('goback', { signInto: context });
    await page.goto('/complete-signup');
    await page.getByRole('button', { name: 'Go back to login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.goto('/complete-signup');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('protected routes', () => {
  it('sends a signed-out visitor to login, and back to that page after signing in', async () => {
    const email = await createUser('guard-out', { acceptTerms: true });
    const { context, page } = await newPage(browser);
    await page.goto('/generation');
    await page.waitForURL('**/login');
    await page.goto('/library');
    await page.waitForURL('**/login');
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL('**/library');
    await context.close();
  });

  it('sends a signed-in user without accepted terms to complete-signup', async () => {
    const { context, page } = await newPage(browser);
    await createUser('guard-terms', { signInto: context });
    await page.goto('/generation');
    await page.waitForURL('**/complete-signup');
    await page.getByRole('heading', { name: 'One last step' }).waitFor();
    await context.close();
  });

  it('redirects /generation to the sessions list once the terms are accepted', async () => {
    const { context, page } = await newPage(browser);
    await createUser('guard-ok', { signInto: context, acceptTerms: true });
    await page.goto('/generation');
    await page.waitForURL('**/studio');
    expect(pathOf(page)).toBe('/studio');
    await context.close();
  });
});

describe('login form', () => {
  it('shows every validation message, on blur and then while typing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const emailField = page.getByLabel('Email');
    await emailField.focus();
    await page.keyboard.press('Tab');
    await expectVisible(page, 'Email is required');
    expect(await emailField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await emailField.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Email is required');

    await emailField.fill('ada@');
    await expectVisible(page, 'Please enter a valid email address');
    await emailField.fill('ada@example.com');
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);

    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page, 'Password is required');
    await context.close();
  });

  it('keeps a click on a link below an empty field where it was aimed, then shows the blur error', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').click();
    // Leaving the field inserts 'Email is required' above the link; the click must still land.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await context.close();
  });

  it('says so when the e-mail or password is wrong', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await signInThroughForm(page, uniqueEmail('nobody'), 'Wrong-passw0rd');
    const alert = page.getByRole('alert');
    await alert.getByText('Invalid email or password. Please try again.').waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('switches to check-your-email with a working resend for an unconfirmed address, and back', async () => {
    const email = await createUser('unconfirmed', { confirmed: false });
    await waitForMail(email, 'Confirm your');
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await signInThroughForm(page, email, PASSWORD);

    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await expectVisible(page, `Please confirm your email address first. We sent a confirmation link to ${email}.`);
    await page.getByRole('link', { name: 'Open the dev mailbox' }).waitFor();
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await page.getByRole('status').getByText('Confirmation email resent! Please check your inbox.').waitFor();
    await waitForMail(email, 'Confirm your', 2);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await context.close();
  });

  it('offers Apple, Google and GitHub, each saying it is unavailable when the server has no credentials for it', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    for (const provider of ['Apple', 'Google', 'GitHub']) {
      const button = page.getByRole('button', { name: new RegExp(`^${provider} unavailable`) });
      expect(await button.getAttribute('aria-disabled'), provider).toBe('true');
      expect(await button.getAttribute('title'), provider).toBe(`${provider} sign-in is not set up on this server`);
    }
    await context.close();
  });

  it('says which provider failed when a social sign-in comes back with an error', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?provider=google&error=access_denied');
    await page.getByRole('alert').getByText('Failed to sign in with Google. Please try again.').waitFor();
    await page.goto('/signup?provider=google&error=access_denied');
    await page.getByRole('alert').getByText('Failed to sign up with Google. Please try again.').waitFor();
    await context.close();
  });

  it('speaks Russian with ?lng=ru, remembers it, and switches back to English', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?lng=ru');
    await page.getByRole('heading', { name: 'С возвращением' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expectVisible(page, 'Введите адрес электронной почты');
    await expectVisible(page, 'Введите пароль');

    await page.goto('/login');
    await page.getByRole('heading', { name: 'С возвращением' }).waitFor();
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await context.close();
  });
});

describe('signup form', () => {
  it('shows every validation message of both steps', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectVisible(page, 'Email is required');
    await page.getByLabel('Email').fill('ada@example');
    await expectVisible(page, 'Please enter a valid email address');
    await page.getByLabel('Email').fill(uniqueEmail('signup-errors'));
    await page.getByRole('button', { name: 'Next' }).click();

    const password = page.getByLabel('Password', { exact: true });
    await password.waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page, 'Password is required');
    await expectVisible(page, 'Please confirm your password');
    await expectVisible(page, 'You must accept the terms and conditions');

    await password.fill('short');
    await expectVisible(page, 'Password must be at least 8 characters long');
    await password.fill('long-enough');
    expect(await page.getByText('Password must be at least 8 characters long').count()).toBe(0);
    await page.getByLabel('Confirm password').fill('long-enougH');
    await expectVisible(page, 'Passwords do not match');
    await page.getByLabel('Confirm password').fill('long-enough');
    expect(await page.getByText('Passwords do not match').count()).toBe(0);

    const terms = page.getByLabel(/I accept the/);
    await terms.check();
    expect(await page.getByText('You must accept the terms and conditions').count()).toBe(0);
    await terms.uncheck();
    await expectVisible(page, 'You must accept the terms and conditions');
    await context.close();
  });
});

describe('password reset', () => {
  it('mails a reset link, sets the new password, returns to login after 3 s and signs in with it', async () => {
    const email = await createUser('reset', { acceptTerms: true });
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page, 'Email is required');
    await page.getByLabel('Email').fill('x');
    // Editing clears the error; it comes back on blur or submit.
    expect(await page.getByText('Email is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page, 'Please enter a valid email address');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('button', { name: 'Resend email' }).click();
    await page.getByRole('status').getByText('Password reset email sent again. Please check your inbox.').waitFor();
    const mail = await waitForMail(email, 'Reset your', 2);
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
    await page.goto('/forgot-password');
    expect(await page.getByLabel('Email').inputValue()).toBe('');

    const link = linkIn(mail, '/reset-password');
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = page.getByLabel('New password', { exact: true });
    await newPassword.fill('alllowercase1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(page, 'Password must contain at least one uppercase letter');
    await newPassword.fill('N3w-password');
    await page.getByLabel('Confirm new password').fill('N3w-password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await signInThroughForm(page, email, 'N3w-password');
    await page.waitForURL('**/studio');

    // The link works once.
    const { context: other, page: again } = await newPage(browser);
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('An0ther-one');
    await again.getByLabel('Confirm new password').fill('An0ther-one');
    await again.getByRole('button', { name: 'Update password' }).click();
    await again.getByRole('alert').getByText('Invalid reset link. Please request a new password reset.').waitFor();
    await other.close();
    await context.close();
  });

  it('refuses a reset link without a token or of another type', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/reset-password');
    await page.getByRole('alert').getByText('Invalid or missing reset token. Please request a new password reset.').waitFor();
    expect(await page.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    await page.goto('/reset-password?type=recovery');
    await page.getByRole('alert').getByText('Invalid or missing reset token. Please request a new password reset.').waitFor();
    await page.goto('/reset-password?token=abc&type=signup');
    await page.getByRole('alert').getByText('Invalid reset link. Please request a new password reset.').waitFor();
    await page.goto('/reset-password?token=abc');
    await page.getByRole('alert').getByText('Invalid reset link. Please request a new password reset.').waitFor();
    // token_hash is accepted as the token.
    await page.goto('/reset-password?token_hash=abc&type=recovery');
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await context.close();
  });
});

describe('dev mailbox', () => {
  it('lists kept mails newest first with clickable links and a refresh button', async () => {
    const email = await createUser('mailbox', { confirmed: false });
    await waitForMail(email, 'Confirm your');
    const { context, page } = await newPage(browser);
    await page.goto('/dev/mailbox');
    const first = page.getByRole('article').first();
    await first.getByText(email).waitFor();
    await first.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ }).waitFor();

    const later = await createUser('mailbox-later', { confirmed: false });
    await waitForMail(later, 'Confirm your');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('article').first().getByText(later).waitFor();
    await context.close();
  });
});
