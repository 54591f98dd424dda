import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signUpInto } from './support/accounts';
import { seriousAxeViolations } from './support/axe';

/**
 * As many photos as the composer takes, in one message, with the default local engine: one result
 * for each, charged what the cost line said; and a request for more images than one message can
 * make, refused with that reason before it is sent and when it is sent anyway.
 */

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
/** Landscape and portrait camera photos, each with its own EXIF orientation. */
const FIVE_PHOTOS = [
  'photos/Landscape_1.jpg',
  'photos/Portrait_3.jpg',
  'photos/Landscape_6.jpg',
  'photos/Portrait_8.jpg',
  'photos/Portrait_1.jpg',
];
/** Upload + verification by the local engine, five at once. */
const VERIFIED_TIMEOUT_MS = 60_000;
const TOO_MANY = 'This request asks for 10 images, but one message can make at most 5. Ask for fewer versions or send fewer photos.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const composerText = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function balanceOf(page: Page): Promise<{ availableCents: number; freeGenerationsLeft: number }> {
  const { availableCents, freeGenerationsLeft } = (await (await page.context().request.get('/api/stripe/balance')).json()) as {
    availableCents: number;
    freeGenerationsLeft: number;
  };
  return { availableCents, freeGenerationsLeft };
}

/** Dollars on the cost line ("This will cost $0.16 for …") in cents. */
const centsOf = (line: string) => Math.round(Number(/\$(\d+\.\d{2})/.exec(line)![1]) * 100);

describe('five photos in one message', () => {
  it(
    'picks five photos, sends them with one request, and gets five images for the price the cost line showed',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await signUpInto(context, 'five-photos');
      // Three free images cover three of the five; the balance pays for the other two.
      await page.goto('/billing');
      await page.getByRole('button', { name: 'Buy $10.00' }).click();
      await page.getByRole('button', { name: 'Pay $10.00' }).click();
      await page.getByText('Payment Successful!', { exact: true }).waitFor();

      await page.goto('/session/new');
      await page.getByTestId('composer-file-input').setInputFiles(FIVE_PHOTOS.map((name) => path.join(fixtures, name)));
      const attachments = page.getByRole('list', { name: 'Images to send' }).getByRole('listitem');
      await attachments.nth(4).waitFor();
      expect(await attachments.count()).toBe(5);
      await page.locator('[data-upload-state="ready"]').nth(4).waitFor({ timeout: VERIFIED_TIMEOUT_MS });
      // The composer is full: no sixth photo.
      expect(await page.getByRole('button', { name: 'Max 5 files' }).isDisabled()).toBe(true);

      await composerText(page).fill('make them black and white');
      const costLine = page.getByTestId('cost-preview');
      await costLine.filter({ hasText: 'This will cost $0.16 for 5 images (3 free)' }).waitFor();
      const quotedCents = centsOf((await costLine.textContent())!);
      const before = await balanceOf(page);
      await composerText(page).press('Enter');

      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      const reply = page.locator('li[data-message-id][data-role="system"]').filter({ hasText: 'Engine: Built-in engine' });
      await reply.waitFor({ timeout: 120_000 });
      await expect.poll(() => reply.getByRole('button', { name: /^Open image / }).count(), { timeout: 60_000 }).toBe(5);
      await expect
        .poll(
          () =>
            reply
              .locator('img')
              .evaluateAll(
                (images) => images.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length,
              ),
          { timeout: 30_000 },
        )
        .toBe(5);

      // Charged what the cost line said: the three free images, then $0.16 of the balance.
      expect(await balanceOf(page)).toEqual({
        availableCents: before.availableCents - quotedCents,
        freeGenerationsLeft: before.freeGenerationsLeft - 3,
      });
      expect(await page.getByText('Not answered yet').count()).toBe(0);
      await context.close();
    },
  );
});

describe('a request for more images than one message can make', () => {
  it('says why at the cost line before sending, and again when sent anyway; nothing is sent or charged', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, 'phone');
    await signUpInto(context, 'too-many');
    await page.goto('/session/new');
    await composerText(page).fill('make 10 versions of a mountain lake');
    await page.getByTestId('cost-preview').filter({ hasText: TOO_MANY }).waitFor();
    const before = await balanceOf(page);

    await composerText(page).press('Enter');
    await page.getByRole('alert').filter({ hasText: TOO_MANY }).waitFor();
    // Both texts are readable (contrast) and the screen stays accessible at the phone size.
    expect((await seriousAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
    // The draft stays to be changed, and no session was started.
    expect(await composerText(page).inputValue()).toBe('make 10 versions of a mountain lake');
    expect(new URL(page.url()).pathname).toBe('/session/new');
    expect(((await (await context.request.get('/api/sessions')).json()) as { sessions: unknown[] }).sessions).toEqual([]);
    expect(await balanceOf(page)).toEqual(before);

    // Asking for fewer is priced again.
    await composerText(page).fill('make 5 versions of a mountain lake');
    await page.getByTestId('cost-preview').filter({ hasText: 'This will cost $0.16 for 5 images (3 free)' }).waitFor();
    await context.close();
  });
});
