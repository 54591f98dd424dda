import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFile } from '@shared/studio';
import { originHeader, signUpInto, type StorageState } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, viewports } from './support/browser';

/**
 * A link to an old message of a long chat — a search result, a Library image's "Show in chat" —
 * opens the chat at that message: in view and focused, with older and newer pages loading around it
 * as the reader scrolls, and a reply that arrives meanwhile one "Jump to latest" away.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');
const MESSAGE_COUNT = 400;
const SEARCHED = 12;
const WITH_PHOTO = 5;
const textOf = (index: number) =>
  `History message ${index}.${index === SEARCHED ? ' A turquoise lighthouse.' : ''}${index === WITH_PHOTO ? ' With a photo.' : ''}`;

let browser: Browser;
let server: AppServer;
let signedIn: StorageState;
let sessionId: string;
let photo: UserFile;
let post: (context: BrowserContext, text: string, fileIds?: string[]) => Promise<void>;

beforeAll(async () => {
  browser = await launchBrowser();
  // A server of its own that takes 400 messages in a minute (the run's server allows 60 per user).
  server = await startAppServer({ TRUST_PROXY: 'true', RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' });
  const context = await browser.newContext({ baseURL: server.origin });
  await signUpInto(context, 'jump', { origin: server.origin });
  photo = await uploadApprovedPhoto(context, 'Landscape_1.jpg');
  let session = 'new';
  post = async (into, text, fileIds = []) => {
    const answer = await into.request.post('/api/messages', {
      data: { session_id: session, content_text: text, file_ids: fileIds },
      headers: originHeader(server.origin),
    });
    expect(answer.status()).toBe(201);
    session = ((await answer.json()) as { session_id: string }).session_id;
  };
  for (let index = 1; index <= MESSAGE_COUNT; index++) await post(context, textOf(index), index === WITH_PHOTO ? [photo.id] : []);
  sessionId = session;
  signedIn = await context.storageState();
  await context.close();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function uploadApprovedPhoto(context: BrowserContext, fixture: string): Promise<UserFile> {
  const buffer = await readFile(path.join(FIXTURES, fixture));
  const response = await context.request.post('/api/uploads', {
    multipart: { file: { name: fixture, mimeType: 'image/jpeg', buffer } },
    headers: originHeader(server.origin),
  });
  expect(response.status()).toBe(201);
  const uploaded = (await response.json()) as UserFile;
  for (let attempt = 0; attempt < 15; attempt++) {
    const file = (await (await context.request.get(`/api/user-files/${uploaded.id}?wait=10`)).json()) as UserFile;
    if (file.verified_enum === 'approved') return file;
  }
  throw new Error(`${fixture} was not approved`);
}

/** The messages in the DOM, oldest first, by their number. */
const renderedNumbers = (page: Page) =>
  page
    .locator('li[data-message-id]')
    .evaluateAll((items) => items.map((item) => Number(/History message (\d+)\./.exec(item.textContent ?? '')?.[1] ?? NaN)));

/** Where a message is, relative to the top of the message list's viewport (null: not rendered). */
const offsetInList = (page: Page, messageNumber: number) =>
  page.getByTestId('message-list').evaluate((list, text) => {
    const item = [...list.querySelectorAll('li[data-message-id]')].find((li) => li.textContent?.startsWith(text));
    return item ? item.getBoundingClientRect().top - list.getBoundingClientRect().top : null;
  }, `History message ${messageNumber}.`);

/** The message is inside the list's viewport, and it is what has the focus. */
async function expectInViewAndFocused(page: Page, messageNumber: number) {
  const list = page.getByTestId('message-list');
  const item = page.locator('li[data-message-id]').filter({ hasText: textOf(messageNumber) });
  await item.waitFor();
  await expect.poll(() => item.evaluate((element) => element === document.activeElement), { timeout: 15_000 }).toBe(true);
  const box = (await item.boundingBox())!;
  const listBox = (await list.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(listBox.y);
  expect(box.y + Math.min(box.height, 40)).toBeLessThanOrEqual(listBox.y + listBox.height);
}

/** Every rendered message once, in order, with no hole. */
async function expectContiguous(page: Page) {
  const numbers = await renderedNumbers(page);
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => numbers[0]! + index));
  return numbers;
}

/** Scrolls to the top of what is held and waits for the older page, holding `held` still. */
async function scrollUpOnePage(page: Page) {
  const list = page.getByTestId('message-list');
  const oldest = (await renderedNumbers(page))[0]!;
  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  const before = await offsetInList(page, oldest);
  await expect.poll(async () => (await renderedNumbers(page))[0], { timeout: 15_000 }).toBeLessThan(oldest);
  expect(Math.abs((await offsetInList(page, oldest))! - before!)).toBeLessThanOrEqual(2);
  await expectContiguous(page);
}

/** Scrolls to the bottom of what is held and waits for the newer page, holding the newest held message still. */
async function scrollDownOnePage(page: Page) {
  const list = page.getByTestId('message-list');
  const newest = (await renderedNumbers(page)).at(-1)!;
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const before = await offsetInList(page, newest);
  await expect.poll(async () => (await renderedNumbers(page)).at(-1), { timeout: 15_000 }).toBeGreaterThan(newest);
  expect(Math.abs((await offsetInList(page, newest))! - before!)).toBeLessThanOrEqual(2);
  await expectContiguous(page);
}

describe('a link to an old message of a 400-message chat', () => {
  it(
    'a search result opens the chat at the message found, then pages load above and below it, and a new reply is one jump away',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext({ baseURL: server.origin, viewport: viewports.desktop, storageState: signedIn });
      const page = await context.newPage();
      await page.goto('/studio');
      await page.getByRole('searchbox', { name: 'Search sessions' }).fill('turquoise lighthouse');
      // The result's link, not the plain list's card of the same session.
      const result = page.locator('a[data-card-link][href*="?message="]');
      await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
      await result.click();
      await page.waitForURL(/\/session\/.+\?message=/);
      await expectInViewAndFocused(page, SEARCHED);
      // The page around it, not the newest page: from the first message to those just after it.
      const opened = await expectContiguous(page);
      expect(opened[0]).toBe(1);
      expect(opened.at(-1)).toBeLessThan(MESSAGE_COUNT - 49);
      await page.getByTestId('history-row').getByText('Start of the conversation').waitFor();

      // Down, page by page, each landing below without moving what is in view.
      await scrollDownOnePage(page);
      await scrollDownOnePage(page);

      // A reply written meanwhile is not lost: "Jump to latest" brings the newest messages.
      await post(context, 'History message 401. Written while reading the past.');
      const toLatest = page.getByRole('button', { name: 'Jump to latest' });
      await toLatest.click();
      await page.locator('li[data-message-id]').filter({ hasText: 'History message 401.' }).waitFor();
      await expect.poll(() => page.getByTestId('newer-row').count()).toBe(0);
      const latest = await expectContiguous(page);
      expect(latest.at(-1)).toBe(401);
      // The old window was let go: what is held is the end of the chat.
      expect(latest[0]).toBeGreaterThan(300);
      await context.close();
    },
  );

  it(
    'the Library\'s "Show in chat" for an early photo opens the chat at the message it was sent with, and pages load above and below',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext({ baseURL: server.origin, viewport: viewports.phone, storageState: signedIn });
      const page = await context.newPage();
      await page.goto(`/library?image=${photo.id}`);
      await page.getByRole('link', { name: `Show “${photo.original_filename}” in its chat` }).click();
      await page.waitForURL(new RegExp(`/session/${sessionId}\\?message=`));
      await expectInViewAndFocused(page, WITH_PHOTO);
      expect((await expectContiguous(page))[0]).toBe(1);
      await scrollDownOnePage(page);
      await context.close();
    },
  );

  it('opens a message from the middle of the chat with older and newer pages either side', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: viewports.desktop, storageState: signedIn });
    const page = await context.newPage();
    const all = (await (await context.request.get(`/api/sessions/${sessionId}/messages?limit=100`)).json()) as {
      messages: { id: string; contentText: string }[];
    };
    // The first of the latest 100 (message 302): neither the newest page nor the start.
    const middle = all.messages[0]!;
    const number = Number(/History message (\d+)\./.exec(middle.contentText)![1]);
    await page.goto(`/session/${sessionId}?message=${middle.id}`);
    await expectInViewAndFocused(page, number);
    expect((await renderedNumbers(page))[0]).toBeGreaterThan(1);
    await scrollUpOnePage(page);
    await scrollUpOnePage(page);
    await scrollDownOnePage(page);
    await context.close();
  });
});
