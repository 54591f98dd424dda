import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signUpInto } from './support/accounts';

/**
 * Generation in the browser with the default local engine: the cost line before sending, the
 * reply with its image, a follow-up that edits it, and after a 402 the credit-needed card, a
 * top-up that returns to the chat, and the waiting request resumed by itself, charged once.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('generating images with the local engine', () => {
  it('shows the cost before sending, replies with an image, and edits it on a follow-up', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'generate');
    await page.goto('/session/new');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('a sunset over the sea');
    await page.getByText('Free: you have 3 free images left').waitFor();
    await composer.press('Enter');
    await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);

    const reply = page.locator('li[data-message-id]').filter({ hasText: 'Engine: Built-in engine' }).first();
    await reply.waitFor({ timeout: 60_000 });
    const image = reply.locator('img').first();
    await image.waitFor();
    expect(await image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

    await composer.fill('now make it black and white');
    await composer.press('Enter');
    await page
      .locator('li[data-message-id]')
      .filter({ hasText: 'Engine: Built-in engine' })
      .nth(1)
      .locator('img')
      .first()
      .waitFor({ timeout: 60_000 });
    await context.close();
  });

  it(
    'after a 402 keeps the request waiting, also after a reload; topping up returns to the chat, where it resumes by itself and is charged once',
    { timeout: 150_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await signUpInto(context, 'no-credit');
      await page.goto('/session/new');
      const composer = page.getByRole('textbox', { name: 'Message' });
      // Four images: three are free, the fourth needs credit the new account does not have.
      await composer.fill('make 4 versions of a mountain lake');
      await page.getByText(/This will cost \$0\.08 for 4 images \(3 free\)/).waitFor();
      await composer.press('Enter');
      await page.getByText('You need more credits').waitFor({ timeout: 30_000 });
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      const sessionPath = new URL(page.url()).pathname;
      expect(await composer.isDisabled()).toBe(true);

      // The request stays, marked, with the credit card and the composer held — also after a reload
      // (the waiting state is the server's), without pressing Retry.
      await page.reload();
      await page.getByText('Not answered yet: your balance did not cover this request.').waitFor();
      const addCredits = page.getByRole('link', { name: 'Add Credits' });
      await addCredits.waitFor();
      expect(await composer.isDisabled()).toBe(true);
      expect(await addCredits.getAttribute('href')).toBe(`/billing?return_to=${encodeURIComponent(sessionPath)}`);

      // Top up; the success page's countdown returns to this chat, where the request resumes by itself.
      await addCredits.click();
      await page.getByRole('button', { name: 'Buy $10.00' }).click();
      await page.getByRole('button', { name: 'Pay $10.00' }).click();
      await page.getByText('Payment Successful!', { exact: true }).waitFor();
      await page.getByText(/Returning to your chat in \d+ seconds?…/).waitFor();
      await page.waitForURL((url) => url.pathname === sessionPath, { timeout: 20_000 });

      const reply = page.locator('li[data-message-id][data-role="system"]').filter({ hasText: 'Engine: Built-in engine' });
      await reply.waitFor({ timeout: 60_000 });
      await expect.poll(() => reply.locator('img').count(), { timeout: 30_000 }).toBe(4);
      expect(await composer.isDisabled()).toBe(false);
      await expect.poll(() => page.getByText('Not answered yet').count()).toBe(0);

      // Charged once: one usage entry, $0.08 of the $10.00.
      const history = (await (await context.request.get('/api/stripe/transaction-history/withdrawals')).json()) as {
        data: Array<{ type: string; amount_formatted: string }>;
      };
      expect(history.data.filter((row) => row.type === 'usage').map((row) => row.amount_formatted)).toEqual(['$0.08']);
      const balance = (await (await context.request.get('/api/stripe/balance')).json()) as { formatted: string };
      expect(balance.formatted).toBe('$9.92');
      await context.close();
    },
  );
});
