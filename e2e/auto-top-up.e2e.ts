import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signUpInto, topUpInTestMode } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('auto top-up with test-mode payments', () => {
  it(
    'saves a test card, sets auto top-up, and credits it when a charge dips the balance below the threshold',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await signUpInto(context, 'auto-top-up');
      // $5.00 of credit through the local checkout.
      await topUpInTestMode(context, { priceId: 'price_test_500' });

      await page.goto('/billing');
      await page.getByRole('heading', { name: 'Auto top-up' }).waitFor();
      await page.getByText('No card saved.').waitFor();
      await page.getByRole('button', { name: 'Save a card' }).click();

      // The local stand-in for Stripe's setup page: the test card that pays.
      await page.waitForURL(/\/dev\/card-setup$/);
      await page.getByText('Test mode — no real card').waitFor();
      await page.getByLabel('Visa 4242 — payments succeed').check();
      await page.getByRole('button', { name: 'Save card' }).click();
      await page.waitForURL(/\/billing#auto-top-up$/);
      await page.getByText('VISA ending in 4242').waitFor();

      await page.getByLabel('Turn on auto top-up').check();
      await page.getByLabel('Top up when my balance falls below').fill('5');
      await page.getByLabel('Add this amount').fill('10');
      await page.getByLabel('At most this much a month').fill('50');
      await page.getByRole('button', { name: 'Save auto top-up' }).click();
      await page.getByText('Auto top-up saved.').waitFor();

      // Four images: three are free, the fourth costs $0.08 and takes $5.00 to $4.92.
      await page.goto('/session/new');
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('make 4 versions of a mountain lake');
      await composer.press('Enter');

      // The charge takes $5.00 to $4.92; the auto top-up's job pays after it commits. The balance is
      // read until it has moved past both.
      for (;;) {
        const balance = (await (await context.request.get('/api/stripe/balance')).json()) as { availableCents: number };
        if (balance.availableCents !== 500 && balance.availableCents !== 492) {
          expect(balance.availableCents).toBe(492 + 1000);
          break;
        }
        await page.waitForTimeout(200);
      }
      await page.goto('/billing');
      await page.getByTestId('billing-balance').getByText('$14.92').waitFor();
      await page.getByText('$10.00 added this month.').waitFor();
      await context.close();
    },
  );
});
