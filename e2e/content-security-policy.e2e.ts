import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { signUpInto, TEST_PASSWORD } from './support/accounts';

/**
 * The Content-Security-Policy allows exactly what the app loads: a walk through every kind of
 * screen (landing, sign-in, studio with an upload and a generated image, library, billing and the
 * test-mode checkout) in which the browser reports no violation at all.
 */
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

declare global {
  interface Window {
    reportCspViolation?: (text: string) => Promise<void>;
  }
}

/** Every violation the browser reports, from the documents' events and from the console. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await context.exposeBinding('reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  // Runs in every document before its own scripts (and is not subject to the policy itself).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportCspViolation?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

describe('the Content-Security-Policy', () => {
  it(
    'lets landing, sign-in, studio, library, billing and the test-mode checkout load with no violation',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await newPage(browser);
      const violations = await watchViolations(context, page);
      const visit = async (url: string, ready: () => Promise<unknown>) => {
        await page.goto(url);
        await ready();
        expect(violations, `on ${url}`).toEqual([]);
      };

      await visit('/', () => page.getByRole('link', { name: 'Start Creating Now' }).first().waitFor());
      // The sample gallery's pictures load within a screen of being seen.
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
      // Sign in through the form, as a user made elsewhere (another browser) would.
      const elsewhere = await browser.newContext({ baseURL: baseUrl() });
      const { email } = await signUpInto(elsewhere, 'csp');
      await elsewhere.close();
      await visit('/login', () => page.getByRole('button', { name: 'Log in' }).waitFor());
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/studio');

      // The studio: a photo through upload and verification, then a generated image.
      await visit('/session/new', () => page.getByRole('heading', { name: 'What would you like to create?' }).waitFor());
      await page.getByTestId('composer-file-input').setInputFiles([path.join(fixtures, 'photos/Portrait_6.jpg')]);
      await page.locator('[data-upload-state="ready"]').first().waitFor({ timeout: 45_000 });
      await page.getByRole('textbox', { name: 'Message' }).fill('make it black and white');
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      const reply = page.locator('li[data-message-id]').filter({ hasText: 'Engine: Built-in engine' }).first();
      await reply.locator('img').first().waitFor({ timeout: 60_000 });
      await expect
        .poll(() =>
          reply
            .locator('img')
            .first()
            .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        )
        .toBe(true);
      expect(violations).toEqual([]);

      // The session is titled by its first request.
      await visit('/studio', () => page.getByRole('link', { name: 'Make it black and white' }).first().waitFor());
      await visit('/library', async () => {
        await page.getByRole('heading', { name: 'My Generated Images' }).waitFor();
        await page.locator('main img').first().waitFor();
        await page.waitForLoadState('networkidle');
      });
      // A dialog locks scrolling with a <style> element of its own, which needs the page's nonce.
      await page.locator('main img').first().click();
      const preview = page.getByRole('dialog');
      await preview.locator('img').waitFor();
      await preview.getByRole('button', { name: 'Close' }).click();
      await preview.waitFor({ state: 'detached' });
      expect(violations).toEqual([]);

      // Billing and the embedded test-mode checkout, paid through to the success page.
      await visit('/billing', () => page.getByRole('button', { name: 'Buy $10.00' }).waitFor());
      await page.getByRole('button', { name: 'Buy $10.00' }).click();
      await page.getByText('Test mode — no real charge').waitFor();
      await page.getByRole('button', { name: 'Pay $10.00' }).click();
      await page.getByText('Payment Successful!', { exact: true }).waitFor();
      expect(violations).toEqual([]);

      // The hosted test-mode checkout page of a custom amount.
      await visit('/billing', () => page.getByLabel('Amount in US dollars').waitFor());
      await page.getByLabel('Amount in US dollars').fill('25');
      await page.getByRole('button', { name: 'Top up $25.00' }).click();
      await page.waitForURL(/\/dev\/checkout\/cs_test_local_/);
      await page.getByRole('button', { name: 'Pay $25.00' }).waitFor();
      expect(violations).toEqual([]);
      await context.close();
    },
  );
});
