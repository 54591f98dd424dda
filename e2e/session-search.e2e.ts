import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, originHeader, signUpInto, type Viewport } from './support/accounts';

/** The sessions list's search field: titles and message text, the user's own sessions only. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function namedSession(context: BrowserContext, name: string): Promise<string> {
  const response = await context.request.post('/api/sessions', { data: { session_name: name }, headers: originHeader() });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A session started by a message (stored; no reply asked for), titled by the request's first words. */
async function sessionWithRequest(context: BrowserContext, text: string): Promise<string> {
  const response = await context.request.post('/api/messages', {
    data: { session_id: 'new', content_text: text },
    headers: originHeader(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

const poll = { timeout: 10_000 };

describe.each<Viewport>(['desktop', 'phone'])('session search (%s)', (viewport) => {
  it("finds the user's sessions by title and by message text, never another user's, and clears back to all", async () => {
    const stranger = await openContext(browser, viewport);
    await signUpInto(stranger, 'search-stranger');
    await namedSession(stranger, 'Lighthouse of a stranger');

    const context = await openContext(browser, viewport);
    await signUpInto(context, 'search-owner');
    await namedSession(context, 'Lighthouse at dusk');
    const byMessage = await sessionWithRequest(context, 'A fox in the snow');
    await context.request.patch(`/api/sessions/${byMessage}`, { data: { session_name: 'Winter scene' }, headers: originHeader() });
    await namedSession(context, 'Birthday card');

    const page = await context.newPage();
    await page.goto('/studio');
    const cards = page.locator('main ul li h2');
    await cards.first().waitFor({ timeout: 20_000 });
    await expect.poll(() => cards.allTextContents(), poll).toEqual(['Birthday card', 'Winter scene', 'Lighthouse at dusk']);

    const search = page.getByRole('searchbox', { name: 'Search sessions' });
    await search.fill('lighthouse');
    await expect.poll(() => cards.allTextContents(), poll).toEqual(['Lighthouse at dusk']);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'lighthouse' }).count(), poll).toBe(1);

    // Words of a message, not of the title; Enter searches at once.
    await search.fill('FOX');
    await search.press('Enter');
    await expect.poll(() => cards.allTextContents(), poll).toEqual(['Winter scene']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('FOX');

    await search.fill('stranger');
    await expect.poll(() => page.getByText('No sessions match “stranger”').isVisible(), poll).toBe(true);
    expect(await cards.count()).toBe(0);

    await search.fill('');
    await expect.poll(() => cards.allTextContents(), poll).toEqual(['Birthday card', 'Winter scene', 'Lighthouse at dusk']);
    await context.close();
    await stranger.close();
  });
});
