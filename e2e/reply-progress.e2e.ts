import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { signUpInto, topUpInTestMode } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, viewports } from './support/browser';

/**
 * A reply being made, in the browser, with the operator's ComfyUI (the local stand-in, which hangs
 * halfway through its 4 steps when told to): the bubble's progress bar follows the sampler, the
 * preview shows, a reload mid-run shows where the reply is now, Stop ends it with its refund, the
 * sessions list marks the session while a reply is made, and a toast there links back when it is ready.
 */
let browser: Browser;
let comfy: FakeComfyUi;
let server: AppServer;
let origin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  comfy = await startFakeComfyUi({ stepMs: 200 });
  server = await startAppServer({
    TRUST_PROXY: 'true',
    FREE_GENERATIONS: '0',
    IMAGE_ENGINES: 'comfyui',
    COMFYUI_URL: comfy.url,
    PRICE_PER_IMAGE_CENTS_COMFYUI: '5',
  });
  origin = server.origin;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await comfy?.close();
});

async function payingUser(
  tag: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport });
  await signUpInto(context, tag, { origin });
  await topUpInTestMode(context, { cents: 1000 }, origin);
  return { context, page: await context.newPage() };
}

describe('a reply being made, in the browser', () => {
  it(
    'shows the sampler’s progress and preview, the same after a reload; Stop ends it with a refund; the list marks the session working and a toast says when the next reply is ready',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await payingUser('progress', viewports.phone);
      comfy.script({ hang: true });
      await page.goto('/session/new');
      await page.getByRole('textbox').fill('a lighthouse at dusk');
      await page.keyboard.press('Enter');

      // Step 1 of 4, then the stand-in hangs: the bar says a quarter, labelled with the stage.
      const bar = page.getByRole('progressbar', { name: 'Generating' });
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('25');
      await page.getByAltText('Preview of the picture being made').waitFor({ timeout: 10_000 });

      // Coming back to the page mid-run: the current progress, not an empty bar waiting for the next step.
      await page.reload();
      await expect
        .poll(() => page.getByRole('progressbar', { name: 'Generating' }).getAttribute('aria-valuenow'), { timeout: 15_000 })
        .toBe('25');

      // The sessions list, in another tab, marks the session as still working.
      const list = await context.newPage();
      await list.goto('/studio');
      await list.getByTestId('working-badge').waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Stop' }).click();
      await page
        .getByTestId('message-list')
        .getByText('Stopped. The charge was refunded ($0.05 was refunded to your balance).', { exact: true })
        .waitFor({ timeout: 15_000 });
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await expect.poll(() => comfy.interrupts.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await list.getByTestId('working-badge').waitFor({ state: 'detached', timeout: 15_000 });

      // The next reply is asked for, and the user goes to the list while it is made: the session
      // is marked there, and a toast links back to it when the reply is ready.
      comfy.setStepMs(2_500);
      const sessionPath = new URL(page.url()).pathname;
      await page.getByRole('textbox').fill('a red boat');
      await page.keyboard.press('Enter');
      await page.getByRole('progressbar').first().waitFor({ timeout: 15_000 });
      await page.goto('/studio');
      await page.getByTestId('working-badge').waitFor({ timeout: 15_000 });
      await page.getByText(/^A reply is ready in /).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Open' }).click();
      await page.waitForURL((url) => url.pathname === sessionPath);
      await context.close();
    },
  );
});
