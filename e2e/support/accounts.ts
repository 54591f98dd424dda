import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, viewports } from './browser';

/** Every browser test's way to a signed-in user, as the product makes one on its embedded defaults. */

export const TEST_PASSWORD = 'Sup3r-secret';
export type Viewport = keyof typeof viewports;
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Same-site requests carry the site's Origin, as a browser's do (`origin`: a server a test started itself). */
export const originHeader = (origin = baseUrl()) => ({ Origin: origin });

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** A context at a desktop or phone viewport, optionally already holding a session. */
export function openContext(browser: Browser, viewport: Viewport, storageState?: StorageState): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: viewports[viewport],
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true } : {}),
    ...(storageState ? { storageState } : {}),
  });
}

/**
 * A paid top-up in test mode, through the endpoints the Billing page uses: a custom amount in cents
 * or one of the packages by its price. `origin`: a server the test started itself.
 */
export async function topUpInTestMode(
  context: BrowserContext,
  purchase: { cents: number } | { priceId: string },
  origin = baseUrl(),
): Promise<void> {
  const headers = originHeader(origin);
  const started =
    'cents' in purchase
      ? await context.request.post('/api/stripe/create-top-up-session', { data: { amount_cents: purchase.cents }, headers })
      : await context.request.post('/api/stripe/create-checkout-session', { data: { priceId: purchase.priceId }, headers });
  expect(started.status(), await started.text()).toBe(200);
  const { sessionId } = (await started.json()) as { sessionId: string };
  const paid = await context.request.post(`/api/stripe/test-checkout/${sessionId}/complete`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** The confirmation link from the dev mailbox (the server runs without SMTP_URL). */
export async function confirmationLink(context: BrowserContext, email: string): Promise<string> {
  // The mail is sent by a queued job: on a loaded machine (the whole suite at once) it may take a while.
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const { mails } = (await (await context.request.get('/api/dev/mailbox')).json()) as { mails: Array<{ to: string; text: string }> };
    const link = mails
      .find((mail) => mail.to === email)
      ?.text.match(/https?:\/\/\S+/g)
      ?.find((url) => new URL(url).pathname === '/api/auth/verify-email');
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No confirmation mail to ${email}`);
}

/**
 * A new user signed up, confirmed through the mailed link (which signs them into `context`) and
 * with the terms accepted. `name` is the part of the address before the at-sign, which is also
 * what the product shows as their display name.
 */
export async function signUpInto(
  context: BrowserContext,
  tag: string,
  options: { email?: string; origin?: string } = {},
): Promise<{ email: string; name: string }> {
  const email = options.email ?? uniqueEmail(tag);
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: TEST_PASSWORD, name: '', callbackURL: '/studio' },
    headers: originHeader(options.origin ?? baseUrl()),
  });
  expect(signUp.status()).toBe(200);
  const confirmed = await context.request.get(await confirmationLink(context, email), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  expect(
    (
      await context.request.post('/api/me/accept-terms', { data: { accepted: true }, headers: originHeader(options.origin ?? baseUrl()) })
    ).status(),
  ).toBe(200);
  return { email, name: email.split('@')[0]! };
}
