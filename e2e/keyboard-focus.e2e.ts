import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originHeader, signUpInto } from './support/accounts';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';

/**
 * The studio with the keyboard alone, at 1280×800 and 390×844: after a send focus stays in the
 * composer, every dialog hands focus back to the control that opened it (or to the next sensible
 * one when that control is gone), the skip links lead to the conversation and the composer, the
 * session card and menu items show a focus ring, and axe finds nothing on the session screen.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHOTO = path.resolve(import.meta.dirname, '../fixtures/photos/Landscape_1.jpg');

/** What has the focus, described by its role-ish tag and accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()}:${name}`;
  });

/** The focused element's outline, as drawn (a focus ring is at least 2px of solid colour). */
const outlineOf = (page: Page, selector: string | null) =>
  page.evaluate((target) => {
    const element = (target ? document.activeElement?.closest(target) : document.activeElement) as HTMLElement | null;
    if (!element) return null;
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  }, selector);

/** Tabs (forwards) until `predicate` holds for the focused element's description. */
async function tabUntil(page: Page, predicate: (description: string) => boolean, limit = 60): Promise<void> {
  for (let index = 0; index < limit; index++) {
    await page.keyboard.press('Tab');
    if (predicate(await focused(page))) return;
  }
  throw new Error(`Tab never reached the control; last focus: ${await focused(page)}`);
}

describe.each(['desktop', 'phone'] as const)('the keyboard at the %s size', (viewport) => {
  it('keeps focus where the user is through a send and every studio dialog', { timeout: 180_000 }, async () => {
    const opened = await newPage(browser, viewport);
    const { context } = opened;
    let { page } = opened;
    await signUpInto(context, `keys-${viewport}`);
    await page.goto('/session/new');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await page.getByTestId('composer-file-input').setInputFiles(PHOTO);
    await page.locator('[data-upload-state="ready"]').waitFor({ timeout: 60_000 });
    await composer.focus();
    await page.keyboard.type('make the sky pink');
    await page.getByText(/Free: you have 3 free images left/).waitFor();
    await page.keyboard.press('Enter');
    // The first message of a new chat: the screen moves to its session, and focus stays in the composer.
    await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
    await expect.poll(() => composer.evaluate((field) => field === document.activeElement)).toBe(true);

    // A second send on the session: still in the composer.
    await page.keyboard.type('and make it warmer');
    await page.keyboard.press('Enter');
    await page.locator('li[data-message-id]').filter({ hasText: 'and make it warmer' }).waitFor();
    await expect.poll(() => composer.evaluate((field) => field === document.activeElement)).toBe(true);

    // The image preview, opened from the photo and closed with Esc: back on the photo.
    const photoButton = page.getByRole('button', { name: 'Open image Landscape_1.jpg' }).first();
    await photoButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Open image Landscape_1.jpg');

    // Rename from the session's menu, saved: back on the menu's button.
    const menuButton = page.getByRole('button', { name: 'More options' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('div:Rename');
    // A menu item shows a focus ring, not only a grey background.
    const itemRing = await outlineOf(page, null);
    expect(itemRing?.style).toBe('solid');
    expect(itemRing?.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    const nameField = page.getByRole('textbox', { name: 'Session name' });
    await nameField.waitFor();
    await nameField.fill('Keyboard session');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:More options');

    // Rename again, closed with Esc: back on the menu's button.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('div:Rename');
    await page.keyboard.press('Enter');
    await nameField.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:More options');

    // Delete, cancelled: back on the menu's button.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('div:Rename');
    // Down the menu, one item at a time (each key once the menu has moved).
    for (let step = 0; step < 6 && (await focused(page)) !== 'div:Delete session'; step++) {
      await page.keyboard.press('ArrowDown');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await focused(page)).toBe('div:Delete session');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await expect.poll(() => focused(page)).toBe('button:Cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:More options');

    // The skip links come first, and lead to the conversation and to the composer (a fresh page, Tab from its start).
    const sessionUrl = page.url();
    await page.close();
    page = await context.newPage();
    await page.goto(sessionUrl);
    await page.locator('li[data-message-id]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    expect(await focused(page), await page.evaluate(() => document.getElementById('skip-links')?.outerHTML ?? 'no slot')).toBe(
      'a:Skip to the conversation',
    );
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('section:Conversation');
    // From the start of the page again: the second stop is the composer's skip link.
    await page.goto(sessionUrl);
    await page.locator('li[data-message-id]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a:Skip to the message box');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('textbox', { name: 'Message' }).evaluate((field) => field === document.activeElement)).toBe(true);
    await context.close();
  });

  it('returns focus on the sessions list after a rename and a delete, with a ring on the focused card', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `cards-${viewport}`);
    for (const text of ['First session', 'Second session']) {
      const answer = await context.request.post('/api/messages', {
        data: { session_id: 'new', content_text: text },
        headers: originHeader(),
      });
      expect(answer.status()).toBe(201);
    }
    await page.goto('/studio');
    await page.getByRole('link', { name: 'Second session' }).waitFor();

    await tabUntil(page, (description) => description === 'a:Second session');
    const cardRing = await outlineOf(page, 'li');
    expect(cardRing?.style).toBe('solid');
    expect(cardRing?.width).toBeGreaterThanOrEqual(2);

    await tabUntil(page, (description) => description === 'button:Rename Second session');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Session name' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Rename Second session');

    // Deleted: its button is gone with its card, so the next card takes the focus.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Delete Second session');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Delete Session');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('a:First session');
    // The card stays gone (no refetch brings it back under the focus) and the session is deleted for good.
    await page.getByText('Session deleted').waitFor();
    expect(await page.getByRole('link', { name: 'Second session' }).count()).toBe(0);
    expect(await focused(page)).toBe('a:First session');
    await page.reload();
    await page.getByRole('link', { name: 'First session' }).waitFor();
    expect(await page.getByRole('link', { name: 'Second session' }).count()).toBe(0);
    await context.close();
  });

  it('finds no axe violation of any impact on the session screen', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `axe-session-${viewport}`);
    const answer = await context.request.post('/api/messages', {
      data: { session_id: 'new', content_text: 'a quiet lake at dawn' },
      headers: originHeader(),
    });
    const { session_id: sessionId } = (await answer.json()) as { session_id: string };
    await page.goto(`/session/${sessionId}`);
    await page.locator('li[data-message-id]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const violations = (await axeViolations(page)).map(
      (violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join('; ')}`,
    );
    expect(violations).toEqual([]);
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });
});
