import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInto } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { seriousAxeViolations } from './support/axe';

/**
 * "Select area" at the desktop and phone sizes: paint an area on a generated image, erase part of
 * it, undo, invert and invert back, then Done puts the image with its area into the composer and
 * the next message carries the mask; the reply says the edit stayed inside the area.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The editor's "n% of the image selected" as a number (0 when nothing is). */
async function selectedPercent(editor: Locator): Promise<number> {
  const text = (await editor.getByTestId('mask-coverage').textContent()) ?? '';
  return Number(/(\d+)%/.exec(text)?.[1] ?? 0);
}

/** A drag across the canvas from one share of its box to another (mouse, so pointer events). */
async function drag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = (await canvas.boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    const share = step / 10;
    await page.mouse.move(...at([from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share]));
  }
  await page.mouse.up();
}

describe.each(['desktop', 'phone'] as const)('select area at the %s size', (viewport) => {
  it('draws, erases, undoes and inverts an area, and sends the edit with it', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `area-${viewport}`);
    await page.goto('/session/new');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('a sunset over the sea');
    await page.getByText(/Free: you have 3 free images left/).waitFor();
    await composer.press('Enter');
    await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
    const reply = page.locator('li[data-message-id][data-role="system"]').first();
    await reply.locator('li[data-version="0"] img').waitFor({ timeout: 60_000 });

    await reply.getByRole('button', { name: 'Select area' }).first().click();
    const editor = page.getByRole('dialog', { name: /^Select an area of / });
    const canvas = editor.getByTestId('mask-canvas');
    await canvas.waitFor();
    expect(await editor.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    // Every control has a name; nothing serious for axe in the open editor.
    expect((await seriousAxeViolations(page)).map((violation) => violation.id)).toEqual([]);

    // Draw with the biggest brush across the middle.
    await editor.getByRole('slider', { name: 'Brush size' }).fill('4');
    await drag(page, canvas, [0.2, 0.5], [0.8, 0.5]);
    const drawn = await selectedPercent(editor);
    expect(drawn).toBeGreaterThan(3);

    // Erase part of it, then undo the erasing.
    await editor.getByRole('button', { name: 'Eraser' }).click();
    await drag(page, canvas, [0.2, 0.5], [0.5, 0.5]);
    const erased = await selectedPercent(editor);
    expect(erased).toBeLessThan(drawn);
    await editor.getByRole('button', { name: 'Undo' }).click();
    expect(await selectedPercent(editor)).toBe(drawn);

    // Invert selects the rest; inverting again (by its key) brings the drawn area back.
    await editor.getByRole('button', { name: 'Invert' }).click();
    expect(Math.abs((await selectedPercent(editor)) - (100 - drawn))).toBeLessThanOrEqual(1);
    await editor.getByRole('button', { name: 'Invert' }).press('i');
    expect(await selectedPercent(editor)).toBe(drawn);

    const masked = page.waitForResponse((response) => response.url().endsWith('/api/masks') && response.request().method() === 'POST');
    await editor.getByRole('button', { name: 'Done' }).click();
    const mask = (await (await masked).json()) as { id: string; file_id: string; coverage: number };
    expect(Math.abs(mask.coverage * 100 - drawn)).toBeLessThan(3);
    await editor.waitFor({ state: 'detached' });

    // The composer shows the image with its area; the message carries the mask.
    const chip = page.getByTestId('edit-target-chip');
    await chip.getByTestId('edit-target-area').waitFor();
    expect(await chip.textContent()).toContain('Editing the selected area of');
    await composer.fill('make it red');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/messages') && request.method() === 'POST');
    await composer.press('Enter');
    expect((await sent).postDataJSON()).toMatchObject({ content_text: 'make it red', file_ids: [mask.file_id], mask_id: mask.id });
    await chip.waitFor({ state: 'detached' });
    const edited = page.locator('li[data-message-id][data-role="system"]').nth(1);
    await edited.locator('li[data-version="0"] img').waitFor({ timeout: 60_000 });
    await edited.getByText('The edit was confined to the selected area.').waitFor();
    await context.close();
  });
});
