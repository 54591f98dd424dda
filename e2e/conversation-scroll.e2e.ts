import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInto, originHeader, type Viewport } from './support/accounts';
import { launchBrowser, newPage, viewports } from './support/browser';

/**
 * The chat follows the conversation and only the message list scrolls, at the
 * desktop (1280×800) and phone (390×844) sizes: a reply's image lands inside the viewport without
 * the test scrolling, a 40-message session never makes the page taller than the window, and a
 * message arriving while the user reads further up offers a "New message" jump instead of moving.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Stores a user message without asking for a reply (no charge, no AI message in between). */
async function postMessage(context: BrowserContext, sessionId: string, text: string): Promise<string> {
  const answer = await context.request.post('/api/messages', {
    data: { session_id: sessionId, content_text: text },
    headers: originHeader(),
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { session_id: string }).session_id;
}

async function sessionOfMessages(context: BrowserContext, count: number): Promise<string> {
  const sessionId = await postMessage(context, 'new', 'Message 1 of a long session');
  for (let index = 2; index <= count; index++) await postMessage(context, sessionId, `Message ${index} of a long session`);
  return sessionId;
}

/** The page's own scroll extent: it must never exceed the window on the session screen. */
const documentHeights = (page: Page) =>
  page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    bodyHeight: document.body.scrollHeight,
    innerHeight: window.innerHeight,
    scrollY: window.scrollY,
  }));

async function boxInViewport(page: Page, selector: ReturnType<Page['locator']>, viewport: Viewport): Promise<boolean> {
  const box = await selector.boundingBox();
  if (!box) return false;
  return box.y >= 0 && box.y + box.height <= viewports[viewport].height && box.x >= 0 && box.x + box.width <= viewports[viewport].width;
}

describe.each(['desktop', 'phone'] as const)('the chat at the %s size', (viewport) => {
  it("shows a reply's image inside the viewport once it has loaded, without the page growing", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `follow-${viewport}`);
    // Earlier messages, so that the reply arrives at the end of a list longer than the screen.
    const sessionId = await sessionOfMessages(context, 12);
    await page.goto(`/session/${sessionId}`);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('a sunset over the sea');
    await page.getByText(/Free: you have 3 free images left/).waitFor();
    await composer.press('Enter');

    const image = page.locator('li[data-role="system"] img').first();
    await image.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect.poll(() => boxInViewport(page, image, viewport), { timeout: 5_000 }).toBe(true);
    const heights = await documentHeights(page);
    expect(heights.scrollHeight).toBe(heights.innerHeight);
    expect(heights.scrollY).toBe(0);
    await context.close();
  });

  it('opens a 40-message session at its newest message, and only the message list scrolls', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `long-${viewport}`);
    const sessionId = await sessionOfMessages(context, 40);
    await page.goto(`/session/${sessionId}`);
    const newest = page.locator('li[data-message-id]').filter({ hasText: 'Message 40 of a long session' });
    await newest.waitFor();
    await expect.poll(() => page.locator('li[data-message-id]').count()).toBe(40);
    await expect.poll(() => boxInViewport(page, newest, viewport), { timeout: 5_000 }).toBe(true);

    const before = await documentHeights(page);
    expect(before.scrollHeight).toBe(before.innerHeight);
    expect(before.bodyHeight).toBeLessThanOrEqual(before.innerHeight);

    // Scrolling past the end moves nothing but the list: the header and the composer stay.
    const list = page.getByTestId('message-list');
    const listBox = (await list.boundingBox())!;
    await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
    await page.mouse.wheel(0, 3000);
    await page.keyboard.press('End');
    const after = await documentHeights(page);
    expect(after.scrollY).toBe(0);
    expect(after.scrollHeight).toBe(after.innerHeight);
    expect(await boxInViewport(page, page.getByRole('textbox', { name: 'Message' }), viewport)).toBe(true);
    expect(await boxInViewport(page, page.getByRole('link', { name: 'Sessions' }), viewport)).toBe(true);
    await context.close();
  });

  it('offers "New message" when a message arrives while the user reads further up, and jumps to it', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `unseen-${viewport}`);
    const sessionId = await sessionOfMessages(context, 30);
    await page.goto(`/session/${sessionId}`);
    await page.locator('li[data-message-id]').filter({ hasText: 'Message 30 of a long session' }).waitFor();

    const list = page.getByTestId('message-list');
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    const first = page.locator('li[data-message-id]').filter({ hasText: 'Message 1 of a long session' });
    await expect.poll(() => boxInViewport(page, first, viewport)).toBe(true);

    await postMessage(context, sessionId, 'Arrived while reading the start');
    const jump = page.getByRole('button', { name: 'New message' });
    await jump.waitFor({ timeout: 20_000 });
    // The reader stays where they were.
    expect(await boxInViewport(page, first, viewport)).toBe(true);
    await jump.click();
    const arrived = page.locator('li[data-message-id]').filter({ hasText: 'Arrived while reading the start' });
    await expect.poll(() => boxInViewport(page, arrived, viewport), { timeout: 5_000 }).toBe(true);
    await jump.waitFor({ state: 'detached' });
    await context.close();
  });
});
