import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the product as npm start serves it', () => {
  it('opens the home page', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('link', { name: 'Start Creating Now' }).waitFor();
    expect(await page.title()).toBe('PhotoMuse');
    await context.close();
  });

  it('shows the 404 page for an unknown path, with a way back', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page Not Found.' }).waitFor();
    const back = page.getByRole('link', { name: 'Go Back Home' });
    expect(await back.getAttribute('href')).toBe('/studio');
    await context.close();
  });

  it('shows the 404 page on a phone too', async () => {
    const { context, page } = await newPage(browser, 'phone');
    await page.goto('/definitely-not-here');
    await page.getByRole('heading', { name: 'Oops! Page Not Found.' }).waitFor();
    await context.close();
  });
});
