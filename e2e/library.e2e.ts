import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFile, UserFilesPage } from '@shared/studio';
import { baseUrl, launchBrowser } from './support/browser';
import { openContext, signUpInto, type StorageState } from './support/accounts';

/**
 * The library against the product as `npm start` serves it: images are made
 * through the real API (upload → verification; message → POST /api/chat → generation), and only
 * failures the server would not produce on demand are staged at the browser's network edge.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const origin = () => ({ Origin: baseUrl() });

/** Uploads a fixture photo with the page's cookies and waits for its verification verdict. */
async function uploadApprovedPhoto(context: BrowserContext, fixture: string, name = fixture): Promise<UserFile> {
  const buffer = await readFile(path.join(FIXTURES, fixture));
  const response = await context.request.post('/api/uploads', {
    multipart: { file: { name, mimeType: 'image/jpeg', buffer } },
    headers: origin(),
  });
  expect(response.status(), await response.text()).toBe(201);
  const uploaded = (await response.json()) as UserFile;
  for (let attempt = 0; attempt < 15; attempt++) {
    const file = (await (await context.request.get(`/api/user-files/${uploaded.id}?wait=10`)).json()) as UserFile;
    if (file.verified_enum !== 'pending') {
      expect(file.verified_enum).toBe('approved');
      return file;
    }
  }
  throw new Error(`${name} stayed pending`);
}

async function listOf(context: BrowserContext, kind: 'uploaded' | 'generated'): Promise<UserFilesPage> {
  return (await (await context.request.get(`/api/user-files?kind=${kind}&limit=12`)).json()) as UserFilesPage;
}

/**
 * A generated image made the way the studio makes one: a message with an approved photo, then
 * POST /api/chat, then the worker's output (the local engine needs no network).
 */
async function generateImage(context: BrowserContext, prompt: string): Promise<UserFile> {
  const photo = await uploadApprovedPhoto(context, 'Portrait_3.jpg');
  const sent = await context.request.post('/api/messages', {
    data: { session_id: 'new', content_text: prompt, file_ids: [photo.id] },
    headers: origin(),
  });
  expect(sent.status()).toBe(201);
  const { session_id } = (await sent.json()) as { session_id: string };
  const chat = await context.request.post('/api/chat', { data: { session_id }, headers: origin() });
  expect(chat.status(), `POST /api/chat answered ${chat.status()}: ${await chat.text()}`).toBe(202);
  for (let attempt = 0; attempt < 90; attempt++) {
    const { images } = await listOf(context, 'generated');
    if (images.length > 0) return images[0]!;
    const { status } = (await (await context.request.get(`/api/sessions/${session_id}`)).json()) as { status: string };
    if (status === 'error') throw new Error(`The generation failed (session ${session_id} is in error)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('No generated image appeared within 45 s');
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });
const uploadedSection = (page: Page) => section(page, 'My Uploaded Images');
const generatedSection = (page: Page) => section(page, 'My Generated Images');
const cardsIn = (region: Locator) => region.locator('figure[data-image-id]');
const columnsOf = (grid: Locator) => grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);

/** A card whose image has loaded, so its preview and actions are on. */
async function loadedCard(region: Locator, id: string): Promise<Locator> {
  const card = region.locator(`figure[data-image-id="${id}"]`);
  await card.and(region.locator('[data-load-state="loaded"]')).waitFor();
  return card;
}

/** One user with one approved upload, shared by the tests that only look. */
let viewer: { state: StorageState; photo: UserFile };
beforeAll(async () => {
  const context = await openContext(browser, 'desktop');
  await signUpInto(context, 'library');
  const photo = await uploadApprovedPhoto(context, 'Landscape_1.jpg', 'Lake at dawn.jpg');
  viewer = { state: await context.storageState(), photo };
  await context.close();
});

describe('the library states', () => {
  it("shows 'No images yet' with an action in both sections for a new user", async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'library-empty');
    const page = await context.newPage();
    await page.goto('/library');
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();

    const uploaded = uploadedSection(page);
    await uploaded.getByText('No images yet').waitFor();
    expect(await uploaded.getByRole('link', { name: 'New Chat' }).getAttribute('href')).toBe('/session/new');
    const generated = generatedSection(page);
    await generated.getByText('No images yet').waitFor();
    const first = generated.getByRole('link', { name: 'Generate Your First Image' });
    expect(await first.getAttribute('href')).toBe('/studio');
    expect(await page.getByRole('button', { name: /View All/ }).count()).toBe(0);

    await first.click();
    await page.waitForURL('**/studio');
    await context.close();
  });

  it('lists the uploaded image with its name and date, without a delete action, in collapsible sections', async () => {
    const context = await openContext(browser, 'desktop', viewer.state);
    const page = await context.newPage();
    await page.goto('/library');
    const uploaded = uploadedSection(page);
    const card = await loadedCard(uploaded, viewer.photo.id);
    await card.getByText('Lake at dawn.jpg').waitFor();
    await card
      .getByText(new Date(viewer.photo.upload_timestamp).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' }))
      .waitFor();
    await uploaded.getByText('1 image', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Download image' }).waitFor();
    expect(await card.getByRole('button', { name: 'Delete image' }).count()).toBe(0);
    expect(await columnsOf(uploaded.getByRole('list'))).toBe(6);

    const toggle = uploaded.getByRole('button', { name: 'My Uploaded Images' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await card.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await card.waitFor();
    await context.close();
  });

  it('lays the grid out in 2 columns on a phone', async () => {
    const context = await openContext(browser, 'phone', viewer.state);
    const page = await context.newPage();
    await page.goto('/library');
    const uploaded = uploadedSection(page);
    await loadedCard(uploaded, viewer.photo.id);
    expect(await columnsOf(uploaded.getByRole('list'))).toBe(2);
    await context.close();
  });

  it('shows a skeleton grid while loading, then the error block when the API fails, after 3 retries', async () => {
    const context = await openContext(browser, 'desktop', viewer.state);
    const page = await context.newPage();
    const attempts = { uploaded: 0, generated: 0 };
    let releaseFirstAnswer: () => void = () => undefined;
    const firstAnswerHeld = new Promise<void>((resolve) => (releaseFirstAnswer = resolve));
    await page.route('**/api/user-files?*', async (route) => {
      const kind = new URL(route.request().url()).searchParams.get('kind') as 'uploaded' | 'generated';
      attempts[kind] += 1;
      if (attempts[kind] === 1) await firstAnswerHeld;
      await route.fulfill({ status: 500, json: { code: 'INTERNAL_SERVER_ERROR', message: 'Failed to fetch verified images' } });
    });
    await page.goto('/library');

    const skeleton = page.getByRole('status', { name: 'Loading My Uploaded Images' });
    await skeleton.waitFor();
    expect(await skeleton.locator('> div').count()).toBe(8);
    expect(await columnsOf(skeleton)).toBe(5);
    releaseFirstAnswer();

    const uploadedError = uploadedSection(page).getByRole('alert');
    await uploadedError.getByText('Error loading My Uploaded Images').waitFor();
    await uploadedError.getByText('Failed to fetch verified images').waitFor();
    await generatedSection(page).getByRole('alert').getByText('Error loading My Generated Images').waitFor();
    expect(attempts).toEqual({ uploaded: 4, generated: 4 });
    await context.close();
  });

  it("offers 'View All Uploads' past the first 12 and then shows every image", async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'library-many');
    const names = Array.from({ length: 13 }, (_, index) => `Photo ${String(index + 1).padStart(2, '0')}.jpg`);
    const sources = ['Portrait_1.jpg', 'Portrait_6.jpg', 'Landscape_3.jpg', 'Landscape_8.jpg'];
    for (let start = 0; start < names.length; start += 4) {
      await Promise.all(names.slice(start, start + 4).map((name, index) => uploadApprovedPhoto(context, sources[index]!, name)));
    }
    const page = await context.newPage();
    await page.goto('/library');
    const uploaded = uploadedSection(page);
    await uploaded.getByText('13 images', { exact: true }).waitFor();
    expect(await cardsIn(uploaded).count()).toBe(12);
    await uploaded.getByRole('button', { name: 'View All Uploads' }).click();
    await cardsIn(uploaded).nth(12).waitFor();
    expect(await cardsIn(uploaded).count()).toBe(13);
    expect(await uploaded.getByRole('button', { name: 'View All Uploads' }).count()).toBe(0);
    await context.close();
  });
});

/** Drags from the middle of the preview by `dy` pixels with the mouse, in small steps like a hand. */
async function mouseSwipe(page: Page, dy: number): Promise<void> {
  const box = (await page.getByTestId('image-preview-swipe-area').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy, { steps: 12 });
  await page.mouse.up();
}

/** A finger swipe through the DevTools protocol, which Chromium turns into pointer events. */
async function touchSwipe(page: Page, context: BrowserContext, dy: number): Promise<void> {
  const box = (await page.getByTestId('image-preview-swipe-area').boundingBox())!;
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + box.height / 2);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 12; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: Math.round(y + (dy * step) / 12) }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('the image preview', () => {
  it('opens a loaded image full size and closes with the close button or a long swipe down, not a short one', async () => {
    const context = await openContext(browser, 'desktop', viewer.state);
    const page = await context.newPage();
    await page.goto('/library');
    const card = await loadedCard(uploadedSection(page), viewer.photo.id);
    await card.getByRole('button', { name: 'Open preview of Lake at dawn.jpg' }).click();
    const preview = page.getByRole('dialog', { name: 'Lake at dawn.jpg' });
    await preview.waitFor();
    expect(await preview.getByRole('img').getAttribute('src')).toBe(viewer.photo.file_url);

    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: /Open preview/ }).click();
    await preview.waitFor();
    // 100 px is short of the 150 px threshold: the image springs back.
    await mouseSwipe(page, 100);
    expect(await preview.isVisible()).toBe(true);
    await mouseSwipe(page, 200);
    await preview.waitFor({ state: 'detached' });
    await context.close();
  });

  it('closes on a finger swipe up on a phone', async () => {
    const context = await openContext(browser, 'phone', viewer.state);
    const page = await context.newPage();
    await page.goto('/library');
    const card = await loadedCard(uploadedSection(page), viewer.photo.id);
    await card.getByRole('button', { name: /Open preview/ }).click();
    const preview = page.getByRole('dialog', { name: 'Lake at dawn.jpg' });
    await preview.waitFor();
    await touchSwipe(page, context, -220);
    await preview.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('downloading', () => {
  it('saves the image under its own name, with the same bytes the server holds', async () => {
    const context = await openContext(browser, 'desktop', viewer.state);
    const page = await context.newPage();
    await page.goto('/library');
    const card = await loadedCard(uploadedSection(page), viewer.photo.id);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download image' }).click()]);
    expect(download.suggestedFilename()).toBe('Lake at dawn.jpg');
    const saved = await readFile((await download.path())!);
    const served = Buffer.from(await (await context.request.get(viewer.photo.file_url)).body());
    expect(saved.equals(served)).toBe(true);
    await context.close();
  });

  it('still downloads through a plain link when fetching the image fails', async () => {
    const context = await openContext(browser, 'desktop', viewer.state);
    const page = await context.newPage();
    await page.goto('/library');
    const card = await loadedCard(uploadedSection(page), viewer.photo.id);
    // The page's own fetch of the image breaks; the browser's download of the link does not.
    await page.route(`**${viewer.photo.file_url}`, (route) =>
      route.request().resourceType() === 'fetch' ? route.abort('failed') : route.fallback(),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download image' }).click()]);
    // A plain link's download is named by the server (Chromium prefers Content-Disposition to the
    // link's own name): the original name with the start of the file's id, unique per image.
    expect(download.suggestedFilename()).toBe(`Lake at dawn-${viewer.photo.id.replace(/-/g, '').slice(0, 8)}.jpg`);
    expect((await readFile((await download.path())!)).length).toBe(viewer.photo.file_size_bytes);
    await context.close();
  });
});

describe('generated images', () => {
  // Depends on the generation issue: POST /api/chat and the worker producing the image.
  it('shows the prompt badge and the Generate New Image tile, and deletes only after confirmation', async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'library-delete');
    const prompt = 'Turn this portrait into a colourful cartoon illustration';
    const image = await generateImage(context, prompt);
    const page = await context.newPage();
    await page.goto('/library');
    const generated = generatedSection(page);
    const card = await loadedCard(generated, image.id);
    await card.getByText('Turn this portrait into a colo…', { exact: true }).waitFor();
    expect(await generated.getByRole('link', { name: 'Generate New Image' }).getAttribute('href')).toBe('/studio');
    // Uploaded images never offer deletion; generated ones do.
    expect(await uploadedSection(page).getByRole('button', { name: 'Delete image' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Delete image' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Image' });
    await dialog.getByText('Are you sure you want to delete this generated image? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor();

    // A failed delete puts the image back and says so.
    await page.route(`**/api/user-files/${image.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { code: 'UNKNOWN_ERROR', message: 'Failed to delete file' } })
        : route.fallback(),
    );
    await card.getByRole('button', { name: 'Delete image' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete failed').waitFor();
    await page.getByText('Failed to delete file').waitFor();
    await loadedCard(generated, image.id);
    expect((await listOf(context, 'generated')).total).toBe(1);
    await page.unroute(`**/api/user-files/${image.id}`);

    await card.getByRole('button', { name: 'Delete image' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Image deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    await generated.getByText('No images yet').waitFor();
    expect((await listOf(context, 'generated')).total).toBe(0);
    await context.close();
  }, 120_000);
});
