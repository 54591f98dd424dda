import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { originHeader, signUpInto } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, viewports } from './support/browser';

/**
 * A reply being made, in the browser, with the operator's ComfyUI (the local stand-in, which hangs
 * halfway through its 4 steps when told to): the bubble's progress bar follows the sampler, the
 * preview shows, a reload mid-run shows where the reply is now, and Stop ends it with its refund.
 */
let browser: Browser;
let comfy: FakeComfyUi;
let server: AppServer;
let origin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  comfy = await startFakeComfyUi({ stepMs: 200 });
  server = await startAppServer({ TRUST_PROXY: 'true', FREE_GENERATIONS: '0', IMAGE_ENGINES: 'comfyui', COMFYUI_URL: comfy.url, PRICE_PER_IMAGE_CENTS_COMFYUI: '5' });
  origin = server.origin;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await comfy?.close();
});

async function payingUser(tag: string, viewport = viewports.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport });
  await signUpInto(context, tag, { origin });
  const session = await context.request.post('/api/stripe/create-top-up-session', { data: { amount_cents: 1000 }, headers: originHeader(origin) });
  const { sessionId } = (await session.json()) as { sessionId: string };
  expect((await context.request.post(`/api/stripe/test-checkout/${sessionId}/complete`, { headers: originHeader(origin) })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

describe('a reply being made, in the browser', () => {
  it('shows the sampler’s progress and preview, the same after a reload, and Stop ends it with a refund', { timeout: 120_000 }, async () => {
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
    await expect.poll(() => page.getByRole('progressbar', { name: 'Generating' }).getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('25');

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('Stopped. The charge was refunded ($0.05 was refunded to your balance).').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await expect.poll(() => comfy.interrupts.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });
});
