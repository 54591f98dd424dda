import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signUpInto, topUpInTestMode } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('spending limits', () => {
  it(
    'are set on the Billing page; the composer warns before a request would pass one, and a send past it is refused with a link back',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await signUpInto(context, 'limits');
      // $5.00 of credit through the local checkout.
      await topUpInTestMode(context, { priceId: 'price_test_500' });

      await page.goto('/billing');
      await page.getByRole('heading', { name: 'Spending limits' }).waitFor();
      await page.getByLabel('Daily limit').fill('0.05');
      expect(await page.getByLabel('Monthly limit').inputValue()).toBe('');
      await page.getByLabel('E-mail me when my balance falls below').fill('2');
      await page.getByRole('button', { name: 'Save limits' }).click();
      await page.getByText('Limits saved.').waitFor();
      const saved = (await (await context.request.get('/api/spending')).json()) as Record<string, unknown>;
      expect(saved).toMatchObject({ daily_limit_cents: 5, monthly_limit_cents: null, low_balance_threshold_cents: 200 });

      await page.goto('/session/new');
      const composer = page.getByRole('textbox', { name: 'Message' });
      // Four images: three are free, the fourth costs $0.08, past the $0.05 a day.
      await composer.fill('make 4 versions of a mountain lake');
      await page.getByText(/This request \(\$0\.08\) would pass your daily limit of \$0\.05: \$0\.00 spent today/).waitFor();
      await composer.press('Enter');
      await page.getByText(/Not sent: this request \(\$0\.08\) would pass your daily limit of \$0\.05/).waitFor();
      // Nothing was charged: the free images are all still there.
      const balance = (await (await context.request.get('/api/stripe/balance')).json()) as {
        availableCents: number;
        freeGenerationsLeft: number;
      };
      expect(balance).toMatchObject({ availableCents: 500, freeGenerationsLeft: 3 });
      expect(await composer.inputValue()).toBe('make 4 versions of a mountain lake');

      await page.getByRole('alert').getByRole('link', { name: 'Change limits' }).click();
      await page.waitForURL(/\/billing#spending-limits$/);
      expect(await page.getByLabel('Daily limit').inputValue()).toBe('0.05');
      await context.close();
    },
  );

  it('downloads the Top-ups tab as CSV for the chosen period', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'export');
    // $5.00 of credit through the local checkout.
    await topUpInTestMode(context, { priceId: 'price_test_500' });
    await page.goto('/account');
    const download = page.getByRole('link', { name: 'Download CSV' }).first();
    await download.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('id,type,created,description,amount_formatted,ending_balance_formatted,credit,engine,engine_model');
    expect(csv).toContain(',top_up,');
    expect(csv).toContain('$5.00');
    await context.close();
  });
});
