import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {  launchBrowser, newPage } from './support/browser';
import { signUpInto } from './support/accounts';

/**
 * Generation in the browser with the default local engine: the cost line before sending, the
 * reply with its image, a follow-up that edits it, and the credit-needed card after a 402.
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

    const reply = page.locator('li[data-message-id]').filter({ hasText: 'local engine' }).first();
    await reply.waitFor({ timeout: 60_000 });
    const image = reply.locator('img').first();
    await image.waitFor();
    expect(await image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

    await composer.fill('now make it black and white');
    await composer.press('Enter');
    await page.locator('li[data-message-id]').filter({ hasText: 'local engine' }).nth(1).locator('img').first().waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('shows the credit-needed card and disables input when the request costs more than the balance', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'no-credit');
    await page.goto('/session/new');
    const composer = page.getByRole('textbox', { name: 'Message' });
    // Four images: three are free, the fourth needs credit the new account does not have.
    await composer.fill('make 4 versions of a mountain lake');
    await page.getByText(/This will cost \$0\.08 for 4 images \(3 free\)/).waitFor();
    await composer.press('Enter');
    await page.getByText('You need more credits').waitFor({ timeout: 30_000 });
    const addCredits = page.getByRole('link', { name: 'Add Credits' });
    expect(await addCredits.getAttribute('href')).toBe('/billing');
    expect(await composer.isDisabled()).toBe(true);
    await context.close();
  });
});
