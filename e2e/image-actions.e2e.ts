import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInto } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';

/**
 * Per-image actions in the chat, at the desktop and phone sizes: a reply asked
 * for again gets a second version with arrows between the two; each image downloads under its own
 * name; 'Edit this image' puts a chip in the composer and the next message refers to exactly that
 * image; 'Open in Library' opens it there.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The file id of the image a reply shows (its thumbnail arrives a moment after the image). */
const shownImageSrc = async (reply: Locator) =>
  ((await reply.locator('li[data-version] img').first().getAttribute('src')) ?? '').split('/')[3];

async function downloadNameOf(page: Page, reply: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), reply.getByRole('button', { name: 'Download' }).first().click()]);
  return download.suggestedFilename();
}

describe.each(['desktop', 'phone'] as const)('image actions at the %s size', (viewport) => {
  it(
    'makes a variation with arrows between the versions, downloads each under its own name, edits the chosen one and opens it in the Library',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await newPage(browser, viewport);
      await signUpInto(context, `actions-${viewport}`);
      await page.goto('/session/new');
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('a sunset over the sea');
      await page.getByText(/Free: you have 3 free images left/).waitFor();
      await composer.press('Enter');
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      // Titled by the request, in the header.
      await page.getByRole('heading', { name: 'A sunset over the sea' }).waitFor();

      const reply = page.locator('li[data-message-id][data-role="system"]').first();
      await reply.locator('li[data-version="0"] img').waitFor({ timeout: 60_000 });
      const firstName = await downloadNameOf(page, reply);
      const today = new Date().toISOString().slice(0, 10);
      expect(firstName).toMatch(new RegExp(`^a-sunset-over-the-sea-${today}-1\\.(png|jpg|webp)$`));
      const firstSrc = await shownImageSrc(reply);

      // Variations: a second version beside the first, shown when it is ready.
      await reply.getByRole('button', { name: 'Variations' }).click();
      await reply.locator('li[data-version="1"] img').waitFor({ timeout: 60_000 });
      await expect.poll(() => reply.getByTestId('version-position').textContent()).toBe('2 / 2');
      const secondSrc = await shownImageSrc(reply);
      expect(secondSrc).not.toBe(firstSrc);
      const secondName = await downloadNameOf(page, reply);
      expect(secondName).not.toBe(firstName);
      expect(secondName).toMatch(new RegExp(`^a-sunset-over-the-sea-${today}-2\\.(png|jpg|webp)$`));

      // The arrows switch between the versions, and the choice is kept (follow-ups edit it).
      await reply.getByRole('button', { name: 'Previous version' }).click();
      await expect.poll(() => reply.getByTestId('version-position').textContent()).toBe('1 / 2');
      expect(await shownImageSrc(reply)).toBe(firstSrc);
      expect(await reply.getByRole('button', { name: 'Previous version' }).isDisabled()).toBe(true);
      await reply.getByRole('button', { name: 'Next version' }).click();
      await expect.poll(() => reply.getByTestId('version-position').textContent()).toBe('2 / 2');
      await reply.getByRole('button', { name: 'Previous version' }).click();
      await page.reload();
      await expect
        .poll(() => page.locator('li[data-message-id][data-role="system"]').first().getByTestId('version-position').textContent(), {
          timeout: 20_000,
        })
        .toBe('1 / 2');

      // 'Edit this image' from the preview: a chip in the composer; the message carries that image.
      const shown = page.locator('li[data-message-id][data-role="system"]').first();
      const chosenId = (await shownImageSrc(shown))!;
      await shown
        .getByRole('button', { name: /^Open image / })
        .first()
        .click();
      const preview = page.getByRole('dialog');
      await preview.getByRole('button', { name: 'Edit this image' }).click();
      await preview.waitFor({ state: 'detached' });
      const chip = page.getByTestId('edit-target-chip');
      await chip.waitFor();
      expect(await chip.textContent()).toContain(firstName);
      await composer.fill('now make it black and white');
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/messages') && request.method() === 'POST');
      await composer.press('Enter');
      expect((await sent).postDataJSON()).toMatchObject({ content_text: 'now make it black and white', file_ids: [chosenId] });
      await chip.waitFor({ state: 'detached' });
      await page.locator('li[data-message-id][data-role="system"]').nth(1).locator('li[data-version="0"] img').waitFor({ timeout: 60_000 });

      // 'Open in Library' opens that image's preview in the Library.
      await shown.getByRole('link', { name: 'Open in Library' }).first().click();
      await page.waitForURL((url) => url.pathname === '/library' && url.searchParams.get('image') === chosenId);
      await page.getByRole('dialog').locator(`img[src*="${chosenId}"]`).waitFor();
      await context.close();
    },
  );
});
