import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originHeader, signUpInto } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, viewports } from './support/browser';

/**
 * A conversation's whole history: a 400-message session opens at its newest message and, as the
 * reader scrolls up, loads older pages until its first message, with what the reader was looking
 * at held still while each page lands above it.
 */

let browser: Browser;
let server: AppServer;
beforeAll(async () => {
  browser = await launchBrowser();
  // A server of its own that takes 400 messages in a minute (the run's server allows 60 per user).
  server = await startAppServer({ TRUST_PROXY: 'true', RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const MESSAGE_COUNT = 400;
const textOf = (index: number) => `History message ${index}.`;

async function sessionOfMessages(context: BrowserContext, count: number): Promise<string> {
  const post = async (sessionId: string, text: string) => {
    const answer = await context.request.post('/api/messages', {
      data: { session_id: sessionId, content_text: text },
      headers: originHeader(server.origin),
    });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { session_id: string }).session_id;
  };
  const sessionId = await post('new', textOf(1));
  for (let index = 2; index <= count; index++) await post(sessionId, textOf(index));
  return sessionId;
}

/** The messages in the DOM, oldest first, by their number. */
const renderedNumbers = (page: Page) =>
  page
    .locator('li[data-message-id]')
    .evaluateAll((items) => items.map((item) => Number(/History message (\d+)\./.exec(item.textContent ?? '')?.[1] ?? NaN)));

/** Where a message is, relative to the top of the message list's viewport. */
const offsetInList = (page: Page, messageNumber: number) =>
  page.getByTestId('message-list').evaluate((list, text) => {
    const item = [...list.querySelectorAll('li[data-message-id]')].find((li) => li.textContent?.includes(text));
    return item ? item.getBoundingClientRect().top - list.getBoundingClientRect().top : null;
  }, textOf(messageNumber));

describe('a 400-message conversation', () => {
  it(
    'scrolls back to its first message, page by page, holding the message in view still as each page lands',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext({ baseURL: server.origin, viewport: viewports.desktop });
      const page = await context.newPage();
      await signUpInto(context, 'history', { origin: server.origin });
      const sessionId = await sessionOfMessages(context, MESSAGE_COUNT);
      await page.goto(`/session/${sessionId}`);
      await page
        .locator('li[data-message-id]')
        .filter({ hasText: textOf(MESSAGE_COUNT) })
        .waitFor();
      // The newest page only, ending at the newest message.
      expect(await renderedNumbers(page)).toEqual(Array.from({ length: 50 }, (_, index) => MESSAGE_COUNT - 49 + index));

      const list = page.getByTestId('message-list');
      const historyRow = page.getByTestId('history-row');
      let pagesLoaded = 0;
      for (;;) {
        const held = await renderedNumbers(page);
        const oldest = held[0]!;
        if (oldest === 1) break;
        // The reader reaches the top of what is held: the oldest message is in view, just below the loading row.
        await list.evaluate((element) => element.scrollTo({ top: 0 }));
        const before = await offsetInList(page, oldest);
        expect(before).not.toBeNull();
        await expect.poll(async () => (await renderedNumbers(page))[0], { timeout: 15_000 }).toBeLessThan(oldest);
        pagesLoaded += 1;
        // The page landed above: the message that was in view has not moved.
        const after = await offsetInList(page, oldest);
        expect(Math.abs(after! - before!)).toBeLessThanOrEqual(2);
        const numbers = await renderedNumbers(page);
        // Whole pages, in order, nothing repeated or skipped.
        expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => numbers[0]! + index));
        expect(numbers.at(-1)).toBe(MESSAGE_COUNT);
      }
      expect(pagesLoaded).toBe(7);
      // At the top of the first message: the conversation says it starts here.
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await expect.poll(() => historyRow.getAttribute('data-state'), { timeout: 15_000 }).toBe('start');
      await historyRow.getByText('Start of the conversation').waitFor();
      expect(await renderedNumbers(page)).toEqual(Array.from({ length: MESSAGE_COUNT }, (_, index) => index + 1));
      // The session's first message, the one its title names, can be read.
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      const first = page.locator('li[data-message-id]').first();
      expect(await first.textContent()).toContain(textOf(1));
      const box = (await first.boundingBox())!;
      const listBox = (await list.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(listBox.y);
      expect(box.y).toBeLessThan(listBox.y + listBox.height);
      await context.close();
    },
  );
});
