import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext, originHeader, signUpInto, type Viewport } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, viewports } from './support/browser';

/**
 * The studio's chat as a person uses it, at the desktop and phone sizes: results shown whole at
 * their own shape, photos dropped or pasted onto the screen (a PDF refused without leaving the
 * page), a sent message edited and sent again (charged once), the preview's zoom and before/after
 * Compare by mouse and keyboard, dark mode from the system setting (axe passing) with a 'Theme'
 * toggle, and welcome cards that start a request.
 */

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const REPLY_TIMEOUT_MS = 90_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const composerText = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const replies = (page: Page) => page.locator('li[data-message-id][data-role="system"]');
const attachments = (page: Page) => page.getByRole('list', { name: 'Images to send' }).getByRole('listitem');

async function balanceOf(context: BrowserContext): Promise<{ availableCents: number; freeGenerationsLeft: number }> {
  return (await (await context.request.get('/api/stripe/balance')).json()) as { availableCents: number; freeGenerationsLeft: number };
}

/** Sends a message (and asks for its reply) as the composer does; answers the session id. */
async function sendRequest(context: BrowserContext, body: Record<string, unknown>): Promise<string> {
  const response = await context.request.post('/api/messages', {
    data: { request_reply: true, client_message_id: crypto.randomUUID(), ...body },
    headers: originHeader(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

async function uploadPhoto(context: BrowserContext, name: string): Promise<string> {
  const buffer = await readFile(path.join(fixtures, 'photos', name));
  const response = await context.request.post('/api/uploads', {
    multipart: { file: { name, mimeType: 'image/jpeg', buffer } },
    headers: originHeader(),
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  for (let attempt = 0; attempt < 150; attempt++) {
    const file = (await (await context.request.get(`/api/user-files/${id}`)).json()) as { verified_enum: string };
    if (file.verified_enum === 'approved') return id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`upload ${id} was not approved`);
}

/** The box an image is drawn in, its natural shape, and the visible part of the message list. */
async function imageGeometry(image: Locator) {
  return image.evaluate((element: HTMLImageElement) => {
    const box = element.getBoundingClientRect();
    const list = element.closest('[data-testid="message-list"]')!.getBoundingClientRect();
    return {
      box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom, width: box.width, height: box.height },
      list: { left: list.left, top: list.top, right: list.right, bottom: list.bottom },
      natural: { width: element.naturalWidth, height: element.naturalHeight },
      fit: getComputedStyle(element).objectFit,
    };
  });
}

async function pngOf(name: string): Promise<number[]> {
  return [...(await readFile(path.join(fixtures, 'photos', name)))];
}

/** Dispatches a drop (or a paste) of files on the page as the browser does, answering whether the page cancelled the browser's default. */
async function dropFiles(
  page: Page,
  files: Array<{ name: string; type: string; bytes: number[] }>,
  kind: 'drop' | 'paste',
): Promise<{ cancelled: boolean; zoneShown: boolean }> {
  return page.evaluate(
    async ({ files, kind }) => {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      if (kind === 'paste') {
        const paste = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
        return { cancelled: !document.activeElement!.dispatchEvent(paste), zoneShown: false };
      }
      const target = document.querySelector('[data-testid="message-list"]')!;
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      const zoneShown = document.querySelector('[data-testid="drop-zone"]') !== null;
      const cancelled = !target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      return { cancelled, zoneShown };
    },
    { files, kind },
  );
}

describe.each(['desktop', 'phone'] as const satisfies Viewport[])('the chat at the %s size', (viewport) => {
  it('shows a tall and a wide result whole, at their own shape, inside the chat', { timeout: 240_000 }, async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `whole-${viewport}`);
    const sessionId = await sendRequest(context, { session_id: 'new', content_text: 'a lighthouse on a cliff', aspect_ratio: '9:16' });
    await sendRequest(context, { session_id: sessionId, content_text: 'a wide beach at sunset', aspect_ratio: '16:9' });
    const page = await context.newPage();
    await page.goto(`/session/${sessionId}`);
    for (const [index, expectedRatio] of [
      [0, 9 / 16],
      [1, 16 / 9],
    ] as const) {
      const image = replies(page).nth(index).locator('li[data-version] img');
      await image.waitFor({ timeout: REPLY_TIMEOUT_MS });
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 20_000 })
        .toBe(true);
      const { box, list, natural, fit } = await imageGeometry(image);
      expect(natural.width / natural.height).toBeCloseTo(expectedRatio, 1);
      // Drawn at the image's own shape (nothing cut away)…
      expect(fit === 'cover' ? 0 : box.width / box.height).toBeCloseTo(natural.width / natural.height, 1);
      // …and all of it inside the visible part of the chat.
      expect(box.left).toBeGreaterThanOrEqual(list.left - 0.5);
      expect(box.right).toBeLessThanOrEqual(list.right + 0.5);
      expect(box.top).toBeGreaterThanOrEqual(list.top - 0.5);
      expect(box.bottom).toBeLessThanOrEqual(list.bottom + 0.5);
    }
    await context.close();
  });

  it(
    'takes a dropped and a pasted image as pending uploads, and refuses a dropped PDF without leaving the page',
    { timeout: 120_000 },
    async () => {
      const context = await openContext(browser, viewport);
      await signUpInto(context, `drop-${viewport}`);
      const page = await context.newPage();
      await page.goto('/session/new');
      await composerText(page).waitFor();
      const url = page.url();

      const dropped = await dropFiles(page, [{ name: 'dropped.jpg', type: 'image/jpeg', bytes: await pngOf('Landscape_1.jpg') }], 'drop');
      expect(dropped).toEqual({ cancelled: true, zoneShown: true });
      await page.getByTestId('drop-zone').waitFor({ state: 'detached' });
      await attachments(page).first().waitFor();
      expect(await attachments(page).count()).toBe(1);

      await composerText(page).focus();
      const pasted = await dropFiles(page, [{ name: 'pasted.jpg', type: 'image/jpeg', bytes: await pngOf('Portrait_1.jpg') }], 'paste');
      expect(pasted.cancelled).toBe(true);
      await attachments(page).nth(1).waitFor();
      expect(await attachments(page).count()).toBe(2);

      const pdf = await dropFiles(
        page,
        [{ name: 'invoice.pdf', type: 'application/pdf', bytes: [...Buffer.from('%PDF-1.4\n%%EOF\n')] }],
        'drop',
      );
      // The browser's default for a drop (opening the file in place of the app) is cancelled.
      expect(pdf.cancelled).toBe(true);
      await page.getByText('“invoice.pdf” is not an image. Only image files can be attached: JPEG, PNG or WebP.').waitFor();
      expect(await attachments(page).count()).toBe(2);
      expect(page.url()).toBe(url);
      await context.close();
    },
  );

  it('edits a sent message and sends it again as a new request, charged once', { timeout: 240_000 }, async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `resend-${viewport}`);
    const sessionId = await sendRequest(context, { session_id: 'new', content_text: 'a sunset over the sea' });
    const page = await context.newPage();
    await page.goto(`/session/${sessionId}`);
    await replies(page).first().locator('li[data-version] img').waitFor({ timeout: REPLY_TIMEOUT_MS });
    const before = await balanceOf(context);

    const mine = page.locator('li[data-message-id][data-role="user"]').first();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await mine.getByRole('button', { name: 'Copy prompt' }).click();
    await page.getByText('Prompt copied!').waitFor();

    await mine.getByRole('button', { name: 'Edit message' }).click();
    const field = mine.getByRole('textbox', { name: 'Edited message' });
    expect(await field.inputValue()).toBe('a sunset over the sea');
    await field.fill('a sunrise over the sea');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/messages') && request.method() === 'POST') posts.push(request.postData() ?? '');
    });
    // Pressed twice in a row: still one new request.
    await mine.getByRole('button', { name: 'Send', exact: true }).dblclick();
    await mine.getByTestId('edit-message-form').waitFor({ state: 'detached' });
    await page.locator('li[data-message-id][data-role="user"]').nth(1).getByText('a sunrise over the sea').waitFor();
    await replies(page).nth(1).locator('li[data-version] img').waitFor({ timeout: REPLY_TIMEOUT_MS });
    // The original stays as it was.
    await mine.getByText('a sunset over the sea').waitFor();

    await page.reload();
    await replies(page).nth(1).locator('li[data-version] img').waitFor({ timeout: REPLY_TIMEOUT_MS });
    expect(await page.locator('li[data-message-id][data-role="user"]').count()).toBe(2);
    expect(await replies(page).count()).toBe(2);
    const after = await balanceOf(context);
    // One image for the new request; nothing again for the first.
    expect(before.freeGenerationsLeft - after.freeGenerationsLeft + (before.availableCents - after.availableCents > 0 ? 1 : 0)).toBe(1);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(posts.map((body) => (JSON.parse(body) as { client_message_id: string }).client_message_id)).size).toBe(1);
    await context.close();
  });

  it('zooms, pans and compares an edit in the preview, by mouse and by keyboard', { timeout: 240_000 }, async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `zoom-${viewport}`);
    const photo = await uploadPhoto(context, 'Landscape_3.jpg');
    const sessionId = await sendRequest(context, { session_id: 'new', content_text: 'make it black and white', file_ids: [photo] });
    const page = await context.newPage();
    await page.goto(`/session/${sessionId}`);
    const result = replies(page).first().locator('li[data-version] button').first();
    await result.locator('img').waitFor({ timeout: REPLY_TIMEOUT_MS });
    await result.click();
    const preview = page.getByRole('dialog');
    const frame = preview.getByTestId('zoom-frame');
    await frame.locator('img').waitFor();
    await expect
      .poll(() => frame.locator('img').evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    const scale = async () => Number(await frame.getAttribute('data-scale'));
    const transform = () => frame.locator('img').evaluate((element: HTMLElement) => element.style.transform);
    expect(await scale()).toBe(1);

    // Buttons.
    await preview.getByRole('button', { name: 'Zoom in' }).click();
    expect(await scale()).toBeCloseTo(1.5);
    await preview.getByRole('button', { name: 'Zoom out' }).click();
    expect(await scale()).toBe(1);
    // Wheel, at the pointer.
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(scale).toBeGreaterThan(1.5);
    // Drag to pan.
    const panBefore = await transform();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 - 30, { steps: 4 });
    await page.mouse.up();
    expect(await transform()).not.toBe(panBefore);
    // Keyboard: 0 fits, + zooms, arrows pan, 1 is 100 %.
    await frame.focus();
    await page.keyboard.press('0');
    expect(await scale()).toBe(1);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    expect(await scale()).toBeCloseTo(2.25);
    const beforeArrow = await transform();
    await page.keyboard.press('ArrowRight');
    expect(await transform()).not.toBe(beforeArrow);
    await page.keyboard.press('0');
    await preview.getByRole('button', { name: '100 %' }).click();
    await expect.poll(() => preview.getByTestId('zoom-level').textContent()).toBe('100 %');

    // Compare: the edit against its source, on the before/after slider.
    await preview.getByRole('button', { name: 'Compare' }).click();
    expect(await preview.getByRole('button', { name: 'Compare' }).getAttribute('aria-pressed')).toBe('true');
    const slider = preview.getByRole('slider', { name: 'Compare before and after' });
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    const images = await preview
      .getByTestId('image-compare')
      .locator('img')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLImageElement).src));
    expect(images.some((src) => src.includes(photo))).toBe(true);
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('45');
    await page.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuenow')).toBe('100');
    const compareBox = (await preview.getByTestId('before-after').boundingBox())!;
    await page.mouse.click(compareBox.x + compareBox.width * 0.25, compareBox.y + compareBox.height * 0.8);
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeLessThan(35);
    await context.close();
  });

  it('follows the system dark setting with axe passing, and remembers the Theme toggle', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: viewports[viewport],
      ...(viewport === 'phone' ? { isMobile: true, hasTouch: true } : {}),
      colorScheme: 'dark',
    });
    await signUpInto(context, `dark-${viewport}`);
    const sessionId = await sendRequest(context, { session_id: 'new', content_text: 'a cat under the moon' });
    const page = await context.newPage();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    for (const pathname of ['/', '/studio', `/session/${sessionId}`, '/session/new', '/library', '/billing', '/account']) {
      await page.goto(pathname);
      // Session screens have no main landmark of their own yet: their composer says they are up.
      await (pathname.startsWith('/session') ? composerText(page) : page.locator('main').first()).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), pathname).toBe(true);
      expect(await background(), pathname).toBe('rgb(11, 17, 32)');
      expect(
        (await seriousAxeViolations(page)).map(
          (violation) => `${pathname}: ${violation.id} ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`,
        ),
      ).toEqual([]);
    }

    // The toggle: light in this browser, whatever the system says, after a reload too.
    await page.goto('/studio');
    const toggle = page.getByRole('button', { name: 'Theme' }).locator('visible=true');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.reload();
    await page.locator('main').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Then dark, then back to following the system (dark here).
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
  });

  it('starts a request from a welcome card, and a photo card opens the picker', { timeout: 120_000 }, async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `welcome-${viewport}`);
    const page = await context.newPage();
    await page.goto('/session/new');
    await page.getByRole('button', { name: /Create from text/ }).click();
    expect(await composerText(page).inputValue()).toBe('A lighthouse at sunset over a calm sea');

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /Edit your photos/ }).click()]);
    expect(await composerText(page).inputValue()).toBe('Make the jacket red');
    await chooser.setFiles(path.join(fixtures, 'photos', 'Portrait_3.jpg'));
    await attachments(page).first().waitFor();
    expect(await attachments(page).count()).toBe(1);
    await context.close();
  });
});
