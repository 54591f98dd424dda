import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeA1111, type FakeA1111 } from '@test/server/fake-a1111-server';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { signUpInto, topUpInTestMode } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, viewports } from './support/browser';

/**
 * The operator's own engines in the browser: a server offering ComfyUI (the default), AUTOMATIC1111
 * and the built-in engine, each at its own price, against local servers that speak ComfyUI's and
 * A1111's APIs. New pictures and edits of an uploaded photo through each, with the engine, shape
 * and count picked in the composer reaching the engine, charged at that engine's price, and named
 * on the reply and in the usage history.
 */
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

let browser: Browser;
let comfy: FakeComfyUi;
let a1111: FakeA1111;
let server: AppServer;
let origin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  [comfy, a1111] = await Promise.all([startFakeComfyUi({ stepMs: 20 }), startFakeA1111({ auth: 'photomuse:s3cret', stepMs: 5 })]);
  // A second server on the client this run built, configured with the engines as an operator would.
  server = await startAppServer({
    TRUST_PROXY: 'true',
    FREE_GENERATIONS: '0',
    IMAGE_ENGINES: 'comfyui,a1111,local',
    COMFYUI_URL: comfy.url,
    A1111_URL: a1111.url,
    A1111_AUTH: 'photomuse:s3cret',
    A1111_MODEL: 'sd_xl_base_1.0',
    PRICE_PER_IMAGE_CENTS: '8',
    PRICE_PER_IMAGE_CENTS_COMFYUI: '5',
    PRICE_PER_IMAGE_CENTS_A1111: '3',
  });
  origin = server.origin;
  // The start-up check found both servers, their models and their nodes.
  expect(server.health.status).toBe('ok');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([comfy?.close(), a1111?.close()]);
});

/** A signed-up user with $10.00 of test-mode credit, on the engines' server. */
async function payingUser(tag: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: viewports.desktop });
  await signUpInto(context, tag, { origin });
  await topUpInTestMode(context, { cents: 1000 }, origin);
  return { context, page: await context.newPage() };
}

const replies = (page: Page) => page.locator('li[data-message-id][data-role="system"]');

async function pickEngine(page: Page, name: string) {
  await page.getByTestId('engine-picker').click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).click();
  await page
    .getByTestId('engine-picker')
    .filter({ hasText: `Engine: ${name}` })
    .waitFor();
}

async function attachPhoto(page: Page, file: string) {
  await page.getByTestId('composer-file-input').setInputFiles([path.join(fixtures, file)]);
  await page.getByRole('list', { name: 'Images to send' }).getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
}

describe('the operator’s own engines in the browser', () => {
  it(
    'ComfyUI: a new picture in the shape and number picked, then an edit of an uploaded photo, each at ComfyUI’s price and named',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await payingUser('comfy');
      await page.goto('/session/new');
      // ComfyUI is the server's default engine.
      await page.getByTestId('engine-picker').filter({ hasText: 'Engine: ComfyUI' }).waitFor();
      await page.getByTestId('engine-picker').click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual([
        'ComfyUI$0.05 per imageNew pictures, photo edits · up to 4 images at a time · FLUX.1 [schnell], Qwen-Image-Edit-2509',
        'Stable Diffusion (AUTOMATIC1111)$0.03 per imageNew pictures, photo edits · up to 4 images at a time · sd_xl_base_1.0',
        'Built-in engine$0.08 per imageNew pictures, photo edits · up to 4 images at a time',
      ]);
      await page.keyboard.press('Escape');

      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('a lighthouse at dusk');
      await page.getByLabel('Shape').selectOption('16:9');
      await page.getByLabel('Number of images').selectOption('2');
      await page.getByText('This will cost $0.10 for 2 images').waitFor();
      await composer.press('Enter');
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      const first = replies(page).first();
      await first.getByTestId('reply-engine').filter({ hasText: 'Engine: ComfyUI · FLUX.1 [schnell]' }).waitFor({ timeout: 60_000 });
      await expect.poll(() => first.locator('img').count(), { timeout: 30_000 }).toBe(2);
      expect(comfy.prompts.at(-1)!.prompt['6']!.inputs).toMatchObject({ text: 'a lighthouse at dusk' });
      expect(comfy.prompts.at(-1)!.prompt['5']!.inputs).toEqual({ width: 1360, height: 768, batch_size: 2 });

      // An edit of an uploaded photo, with the picks back to "as described".
      await page.getByLabel('Shape').selectOption('auto');
      await page.getByLabel('Number of images').selectOption('auto');
      await attachPhoto(page, 'photos/Landscape_1.jpg');
      await composer.fill('make it a watercolour painting');
      await page.getByText('This will cost $0.05 for 1 image').waitFor();
      await composer.press('Enter');
      const second = replies(page).nth(1);
      await second.getByTestId('reply-engine').filter({ hasText: 'Engine: ComfyUI · Qwen-Image-Edit-2509' }).waitFor({ timeout: 60_000 });
      await second.locator('img').first().waitFor();
      const edit = comfy.prompts.at(-1)!;
      expect(edit.prompt['76']!.inputs).toMatchObject({ prompt: 'make it a watercolour painting' });
      expect(comfy.uploads.has(String(edit.prompt['78']!.inputs!.image))).toBe(true);

      // Charged at ComfyUI's price, and the usage history says by which engine and model.
      await page.goto('/account');
      await page.getByRole('tab', { name: 'Usage' }).click();
      const usage = page.getByRole('tabpanel');
      await usage.getByText('-$0.10').waitFor();
      await usage.getByText('-$0.05').waitFor();
      await usage.getByText('Engine: ComfyUI · FLUX.1 [schnell]').waitFor();
      await usage.getByText('Engine: ComfyUI · Qwen-Image-Edit-2509').waitFor();
      await context.close();
    },
  );

  it(
    'AUTOMATIC1111: picked for one message, a new picture and an edit of an uploaded photo at its price; the session remembers the choice',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await payingUser('a1111');
      await page.goto('/session/new');
      await pickEngine(page, 'Stable Diffusion (AUTOMATIC1111)');
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('a castle on a hill');
      await page.getByText('This will cost $0.03 for 1 image').waitFor();
      await composer.press('Enter');
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      await replies(page)
        .first()
        .getByTestId('reply-engine')
        .filter({ hasText: 'Engine: Stable Diffusion (AUTOMATIC1111) · sd_xl_base_1.0' })
        .waitFor({ timeout: 60_000 });
      const txt2img = a1111.received.filter((request) => request.path === '/sdapi/v1/txt2img').at(-1)!;
      expect(txt2img.json).toMatchObject({ prompt: 'a castle on a hill', override_settings: { sd_model_checkpoint: 'sd_xl_base_1.0' } });

      // After a reload the session's engine is still A1111.
      await page.reload();
      await page.getByTestId('engine-picker').filter({ hasText: 'Engine: Stable Diffusion (AUTOMATIC1111)' }).waitFor();
      await attachPhoto(page, 'photos/Portrait_6.jpg');
      await composer.fill('turn it into a pencil sketch');
      await page.getByText('This will cost $0.03 for 1 image').waitFor();
      await composer.press('Enter');
      await replies(page).nth(1).locator('img').first().waitFor({ timeout: 60_000 });
      const img2img = a1111.received.filter((request) => request.path === '/sdapi/v1/img2img').at(-1)!;
      expect(img2img.json).toMatchObject({ prompt: 'turn it into a pencil sketch', init_images: [expect.any(String)] });

      const history = (await (await context.request.get('/api/stripe/transaction-history/withdrawals')).json()) as {
        data: Array<{ amount_formatted: string; engine: unknown }>;
      };
      expect(history.data.map((row) => [row.amount_formatted, row.engine])).toEqual([
        ['$0.03', { kind: 'a1111', model: 'sd_xl_base_1.0' }],
        ['$0.03', { kind: 'a1111', model: 'sd_xl_base_1.0' }],
      ]);
      await context.close();
    },
  );
});
