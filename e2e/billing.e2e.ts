import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { confirmationLink } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * A new user as the product makes one on its embedded defaults: signed up, confirmed through the
 * link in the dev mailbox, terms accepted. The browser context then holds their session.
 */
async function signUp(context: BrowserContext, page: Page): Promise<string> {
  const email = `buyer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const headers = { Origin: baseUrl() };
  const signUpAnswer = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'Sup3rsecret!', name: '' },
    headers,
  });
  expect(signUpAnswer.status()).toBe(200);

  // The mail leaves through a job: the mailbox is read until it is there.
  const link = await confirmationLink(context, email);
  await page.goto(link.replace(/&amp;/g, '&'));

  const accepted = await context.request.post('/api/me/accept-terms', { data: { accepted: true }, headers });
  expect(accepted.status()).toBe(200);
  return email;
}

async function billingBalance(page: Page): Promise<string> {
  const balance = page.getByTestId('billing-balance');
  await balance.waitFor();
  return (await balance.textContent()) ?? '';
}

describe('topping up with test-mode payments', () => {
  it('buys a package and a custom amount through the local checkout, and shows the balance and the history', async () => {
    const { context, page } = await newPage(browser);
    await signUp(context, page);

    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    expect(await billingBalance(page)).toBe('$0.00');
    await page.getByText('3 free images left').waitFor();
    await page.getByText('Most Popular').waitFor();

    // A package: the embedded payment screen shows the local checkout in Stripe's place.
    await page.getByRole('button', { name: 'Buy $10.00' }).click();
    await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
    await page.getByText('Test mode — no real charge').waitFor();
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL(/\/success\?session_id=cs_test_local_/);
    await page.getByText('Payment Successful!', { exact: true }).waitFor();
    await page.getByText('Amount: $10.00').waitFor();

    // A custom amount: the hosted checkout is the local page /dev/checkout/{id}.
    await page.goto('/billing');
    const amount = page.getByLabel('Amount in US dollars');
    await amount.fill('25');
    await page.getByRole('button', { name: 'Top up $25.00' }).click();
    await page.waitForURL(/\/dev\/checkout\/cs_test_local_/);
    await page.getByText('Test mode — no real charge').waitFor();
    await page.getByRole('button', { name: 'Pay $25.00' }).click();
    await page.waitForURL(/\/success\?session_id=/);
    await page.getByText('Payment Successful!', { exact: true }).waitFor();

    await page.goto('/billing');
    await page.getByText('$35.00', { exact: true }).first().waitFor();
    expect(await billingBalance(page)).toBe('$35.00');

    // The header's user menu shows the balance, green for credit.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Balance:').waitFor();
    await menu.getByText('$35.00').waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/account');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByRole('link', { name: /Balance\s*\$35\.00/ }).waitFor();
    const topUps = page.getByRole('tabpanel');
    await topUps.getByText('+$25.00').waitFor();
    await topUps.getByText('+$10.00').waitFor();
    expect(await topUps.getByText('Top-up (test mode, no real charge)').count()).toBe(2);
    await topUps.getByText('Balance after: $35.00').waitFor();

    await page.getByRole('tab', { name: 'Usage' }).click();
    await page.getByText('No usage history yet').waitFor();
    await context.close();
  });

  it('refuses a custom amount outside $1.00 to $1,000.00', async () => {
    const { context, page } = await newPage(browser);
    await signUp(context, page);
    await page.goto('/billing');
    const amount = page.getByLabel('Amount in US dollars');
    await amount.fill('0.99');
    await page.getByText('Minimum amount is $1.00').waitFor();
    await amount.fill('1000.01');
    await page.getByText('Maximum amount is $1,000.00').waitFor();
    expect(await page.getByRole('button', { name: /^Top up/ }).isDisabled()).toBe(true);
    await context.close();
  });
});
