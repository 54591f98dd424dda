import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { signUpInto } from './support/accounts';

/**
 * The studio in the browser, against the product as `npm start` serves it: sessions list, the
 * session screen, photo uploads through verification, sending, and realtime between two browsers.
 */

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const SESSION_URL = /\/session\/[0-9a-f-]{36}$/;
/** Upload + verification by the local engine; polling alone may take 30 s. */
const VERIFIED_TIMEOUT_MS = 45_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function createSession(context: BrowserContext, name?: string): Promise<string> {
  const answer = await context.request.post('/api/sessions', { data: name ? { session_name: name } : {}, headers: { Origin: baseUrl() } });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

const composerText = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The message bubble (list item) holding this text. */
const bubble = (page: Page, text: string): Locator => page.locator('li[data-message-id]').filter({ hasText: text });

async function imagesLoaded(scope: Locator): Promise<boolean[]> {
  return scope
    .locator('img')
    .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
}

describe('the sessions list', () => {
  it('shows a new user the empty state with its tiles and the Start New Chat card', async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'studio-empty');
    await page.goto('/studio');
    await page.getByRole('heading', { name: 'No sessions yet' }).waitFor();
    expect(await page.getByRole('link', { name: /Upload & Edit/ }).getAttribute('href')).toBe('/session/new');
    expect(await page.getByRole('link', { name: /Text to Image/ }).getAttribute('href')).toBe('/session/new');
    await page.getByRole('link', { name: /Start New Chat/ }).click();
    await page.waitForURL('**/session/new');
    await page.getByRole('heading', { name: 'What would you like to create?' }).waitFor();
    await context.close();
  });

  it('renames a session and deletes it after confirmation, from the list', async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'studio-list');
    const keptId = await createSession(context, 'Kept');
    await createSession(context);
    await page.goto('/studio');

    await page.getByRole('link', { name: 'Untitled Session' }).waitFor();
    await page.getByRole('button', { name: 'Rename Untitled Session' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename session' });
    await renameDialog.getByLabel('Session name').fill('Beach trip');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Session renamed').waitFor();
    await page.getByRole('link', { name: 'Beach trip' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Beach trip' }).waitFor();
    expect(await page.getByRole('link', { name: 'Untitled Session' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete Beach trip' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Session' });
    await confirm.getByText('Are you sure you want to delete this session? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Beach trip' }).waitFor();

    await page.getByRole('button', { name: 'Delete Beach trip' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Session' }).getByRole('button', { name: 'Delete Session' }).click();
    await page.getByText('Session deleted').waitFor();
    await page.getByRole('link', { name: 'Beach trip' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: 'Kept' }).waitFor();
    expect(await page.getByRole('link', { name: 'Beach trip' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Kept' }).getAttribute('href')).toBe(`/session/${keptId}`);
    await context.close();
  });

  it('loads the next page of sessions as the list scrolls to its end', async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'studio-pages');
    // One page is 24 cards; the oldest session is on the second page.
    for (let i = 1; i <= 30; i++) await createSession(context, `Trip ${i}`);
    await page.goto('/studio');
    await page.getByRole('link', { name: 'Trip 30', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Trip 7', exact: true }).scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Trip 1', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /^Trip \d+$/ }).count()).toBe(30);
    await context.close();
  });
});

describe('a new session', () => {
  it('uploads two photos, shows them Ready with suggestions, sends, and moves to the new session', async () => {
    const { context, page } = await newPage(browser);
    await signUpInto(context, 'studio-send');
    await page.goto('/studio');
    await page.getByRole('link', { name: /Start New Chat/ }).click();
    await page.waitForURL('**/session/new');
    await page.getByRole('heading', { name: 'What would you like to create?' }).waitFor();
    await page.getByRole('heading', { name: 'New Session' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);

    await page
      .getByTestId('composer-file-input')
      .setInputFiles([path.join(fixtures, 'people/082.jpg'), path.join(fixtures, 'photos/Portrait_6.jpg')]);
    const attachments = page.getByRole('list', { name: 'Images to send' }).getByRole('listitem');
    await attachments.nth(1).waitFor();
    expect(await attachments.count()).toBe(2);
    await page.locator('[data-upload-state="ready"]').nth(1).waitFor({ timeout: VERIFIED_TIMEOUT_MS });
    expect(await page.locator('[data-upload-state="ready"]').count()).toBe(2);
    expect(await attachments.filter({ hasText: 'Ready' }).count()).toBe(2);

    const suggestions = page.getByRole('group', { name: 'Suggested Actions' }).getByRole('button');
    await suggestions.first().waitFor();
    const titles = await suggestions.allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(titles.length);

    await composerText(page).fill('Make the jacket red');
    expect(await page.getByTestId('composer-counter').textContent()).toBe('19/500');
    await composerText(page).press('Enter');

    await page.waitForURL(SESSION_URL);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    // Named by its first request, in the header instead of the id.
    await page.getByRole('heading', { name: 'Make the jacket red' }).waitFor();
    expect(await page.getByText(`Session #${sessionId.slice(-4)}`).count()).toBe(0);
    const sent = bubble(page, 'Make the jacket red');
    await sent.waitFor();
    expect(await sent.getAttribute('data-role')).toBe('user');
    await sent
      .getByRole('button', { name: /^Open image / })
      .nth(1)
      .waitFor();
    await expect.poll(() => imagesLoaded(sent)).toEqual([true, true]);
    expect(await composerText(page).inputValue()).toBe('');
    expect(await page.getByRole('list', { name: 'Images to send' }).count()).toBe(0);

    await sent
      .getByRole('button', { name: /^Open image / })
      .first()
      .click();
    const preview = page.getByRole('dialog');
    await expect.poll(() => imagesLoaded(preview)).toEqual([true]);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    // /session/new was replaced in the history: back leads to the list, not to an empty new session.
    await page.goBack();
    await page.waitForURL('**/studio');
    await page.goForward();
    await bubble(page, 'Make the jacket red').waitFor();

    // The new session is on the list, titled by its first request, with a thumbnail.
    await page.goto('/studio');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Make the jacket red' }) });
    await card.waitFor();
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/session/${sessionId}`);
    await context.close();
  });
});

describe('the session screen on a phone', () => {
  it("renames and deletes the session from the 'More options' menu", async () => {
    const { context, page } = await newPage(browser, 'phone');
    await signUpInto(context, 'studio-phone');
    const sessionId = await createSession(context);
    await page.goto(`/session/${sessionId}`);
    await page.getByRole('heading', { name: `Session #${sessionId.slice(-4)}` }).waitFor();
    await page.getByText('Ready', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Sessions' }).getAttribute('href')).toBe('/studio');

    await page.getByRole('button', { name: 'More options' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Rename', 'Open in Library', 'Delete session']);
    await menu.getByRole('menuitem', { name: 'Rename' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename session' });
    await renameDialog.getByLabel('Session name').fill('Phone edits');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Phone edits' }).waitFor();
    expect(await page.getByText(`Session #${sessionId.slice(-4)}`).count()).toBe(0);

    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Delete session' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Session' }).getByRole('button', { name: 'Delete Session' }).click();
    await page.waitForURL('**/studio');
    await page.getByText('Session deleted').waitFor();
    await page.getByRole('link', { name: /Start New Chat/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Phone edits' }).count()).toBe(0);

    // A deleted session is gone for good.
    expect((await context.request.get(`/api/sessions/${sessionId}`)).status()).toBe(404);
    await context.close();
  });

  it("opens the Library from the 'More options' menu", async () => {
    const { context, page } = await newPage(browser, 'phone');
    await signUpInto(context, 'studio-library');
    const sessionId = await createSession(context);
    await page.goto(`/session/${sessionId}`);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Open in Library' }).click();
    await page.waitForURL('**/library');
    await context.close();
  });
});

describe('realtime', () => {
  it('shows each browser the messages the other one sends, and catches up after being offline', async () => {
    const first = await newPage(browser);
    await signUpInto(first.context, 'studio-realtime');
    const sessionId = await createSession(first.context);
    const second = { context: await browser.newContext({ baseURL: baseUrl(), storageState: await first.context.storageState() }) };
    const secondPage = await second.context.newPage();

    await first.page.goto(`/session/${sessionId}`);
    await secondPage.goto(`/session/${sessionId}`);
    await composerText(first.page).waitFor();
    await composerText(secondPage).waitFor();

    await composerText(first.page).fill('A lighthouse from the first browser');
    await composerText(first.page).press('Enter');
    await bubble(secondPage, 'A lighthouse from the first browser').waitFor();

    await composerText(secondPage).fill('A lighthouse from the second browser');
    await composerText(secondPage).press('Enter');
    await bubble(first.page, 'A lighthouse from the second browser').waitFor();

    await second.context.setOffline(true);
    await secondPage.getByText("No internet connection. We'll reconnect automatically.").waitFor();
    await composerText(first.page).fill('A boat drawn while you were offline');
    await composerText(first.page).press('Enter');
    await bubble(first.page, 'A boat drawn while you were offline').waitFor();
    await second.context.setOffline(false);
    await bubble(secondPage, 'A boat drawn while you were offline').waitFor({ timeout: 20_000 });
    await secondPage.getByText("No internet connection. We'll reconnect automatically.").waitFor({ state: 'detached' });

    // The AI's replies may come in between; the users' messages keep their order.
    const order = await secondPage.locator('li[data-role="user"] p').allTextContents();
    expect(order).toEqual([
      'A lighthouse from the first browser',
      'A lighthouse from the second browser',
      'A boat drawn while you were offline',
    ]);
    await first.context.close();
    await second.context.close();
  });
});
