import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, originHeader, signUpInto, type Viewport } from './support/accounts';

/**
 * Connectivity on every screen with the browser's network really cut
 * (Playwright's offline mode: navigator.onLine turns false and every request fails).
 */

const APP_OFFLINE = "You're currently offline. Some features may not work properly.";
const SESSION_OFFLINE = "No internet connection. We'll reconnect automatically.";
const SEND_REFUSED = "You're offline, so your message was not sent. Send it again once you're back online.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each<Viewport>(['desktop', 'phone'])('connectivity at the %s size', (viewport) => {
  it('shows the offline banner on Studio, Library and Billing while the network is cut', async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `offline-${viewport}`);
    const page = await context.newPage();
    const screens: Array<[string, string]> = [
      ['/studio', 'No sessions yet'],
      ['/library', 'My Uploaded Images'],
      ['/billing', 'Current balance'],
    ];
    for (const [path, loaded] of screens) {
      await page.goto(path);
      await page.getByText(loaded).first().waitFor();
      expect(await page.getByText(APP_OFFLINE).count()).toBe(0);
      await context.setOffline(true);
      const banner = page.getByRole('status').filter({ hasText: APP_OFFLINE });
      await banner.waitFor();
      expect(await banner.isVisible()).toBe(true);
      await context.setOffline(false);
      await banner.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('refuses a message sent while offline, visibly, and sends nothing on reconnect', async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `offline-send-${viewport}`);
    const created = await context.request.post('/api/sessions', { data: {}, headers: originHeader() });
    const { id } = (await created.json()) as { id: string };
    const page = await context.newPage();
    await page.goto(`/session/${id}`);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();

    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: SESSION_OFFLINE }).waitFor();
    // One banner: the session's own, not the app-wide one as well.
    expect(await page.getByText(APP_OFFLINE).count()).toBe(0);
    await composer.fill('a lighthouse at sunset');
    await composer.press('Enter');
    await page.getByText(SEND_REFUSED).waitFor();
    expect(await composer.inputValue()).toBe('a lighthouse at sunset');

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: SESSION_OFFLINE }).waitFor({ state: 'detached' });
    // Whatever a paused request would do on reconnect has had time to happen.
    await page.waitForTimeout(1_500);
    const messages = (await (await context.request.get(`/api/sessions/${id}/messages`)).json()) as { messages: unknown[] };
    expect(messages.messages).toEqual([]);
    const balance = (await (await context.request.get('/api/stripe/balance')).json()) as { freeGenerationsLeft: number };
    expect(balance.freeGenerationsLeft).toBe(3);
    expect(await page.locator('li[data-message-id]').count()).toBe(0);

    // Back online, the same draft goes out once.
    await composer.press('Enter');
    await page.locator('li[data-message-id]').filter({ hasText: 'a lighthouse at sunset' }).waitFor();
    expect(await page.getByText(SEND_REFUSED).count()).toBe(0);
    await context.close();
  });
});

describe('a send whose answer is lost', () => {
  it('is sent again by the user as the same message: one message, one charge', async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'lost-answer');
    const created = await context.request.post('/api/sessions', { data: {}, headers: originHeader() });
    const { id } = (await created.json()) as { id: string };
    const page = await context.newPage();
    // The first send reaches the server, which stores and charges it; its answer never arrives.
    let lostAnswers = 0;
    await page.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST' || lostAnswers > 0) return route.fallback();
      lostAnswers += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto(`/session/${id}`);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('a lighthouse at sunset');
    await composer.press('Enter');
    await page.getByText('Network request failed').waitFor();
    expect(await composer.inputValue()).toBe('a lighthouse at sunset');

    await composer.press('Enter');
    await page.locator('li[data-message-id]').filter({ hasText: 'a lighthouse at sunset' }).first().waitFor();
    expect(lostAnswers).toBe(1);
    const messages = (await (await context.request.get(`/api/sessions/${id}/messages`)).json()) as { messages: Array<{ role: string }> };
    expect(messages.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    const balance = (await (await context.request.get('/api/stripe/balance')).json()) as { freeGenerationsLeft: number };
    expect(balance.freeGenerationsLeft).toBe(2);
    expect(await page.locator('li[data-message-id]').filter({ hasText: 'a lighthouse at sunset' }).count()).toBe(1);
    await context.close();
  });
});
