import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFile, UserFilesPage } from '@shared/studio';
import { openContext, originHeader, signUpInto, TEST_PASSWORD, uniqueEmail, type StorageState } from './support/accounts';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { signInOperator } from './support/operator';

/**
 * The pages around the studio with the keyboard alone, at 1280×800 and 390×844: a route change
 * puts focus on the new page's heading (the first load does not move it), "Create account" and
 * choosing a package put it on the next step's heading, the account, library and console dialogs
 * and the phone's navigation sheet hand it back to the control that opened them (or to the next
 * sensible one when that control is gone), every control shows a focus ring in the light and the
 * dark theme, and axe finds nothing of any impact on billing, account and library.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');

/** What has the focus, described by its tag (an input with its type, else its role) and accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    const kind =
      element instanceof HTMLInputElement ? `input[${element.type}]` : (element.getAttribute('role') ?? element.tagName.toLowerCase());
    return `${kind}:${name}`;
  });

/** Tabs (forwards) until `predicate` holds for the focused element's description. */
async function tabUntil(page: Page, predicate: (description: string) => boolean, limit = 80): Promise<void> {
  for (let index = 0; index < limit; index++) {
    await page.keyboard.press('Tab');
    if (predicate(await focused(page))) return;
  }
  throw new Error(`Tab never reached the control; last focus: ${await focused(page)}`);
}

/** How long a focus move may wait for the server's answer (sign-up, checkout) on a busy machine; not a timing claim. */
const WAIT = { timeout: 30_000 };

const is = (expected: string) => (description: string) => description === expected;

/** A page loaded and quiet: its data fetched, so nothing re-renders under the keyboard. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Uploads a fixture photo and waits for its verification verdict. */
async function uploadApprovedPhoto(context: BrowserContext, fixture: string): Promise<UserFile> {
  const buffer = await readFile(path.join(FIXTURES, fixture));
  const response = await context.request.post('/api/uploads', {
    multipart: { file: { name: fixture, mimeType: 'image/jpeg', buffer } },
    headers: originHeader(),
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
  throw new Error(`${fixture} stayed pending`);
}

/** `count` generated images, made as the studio makes them (a message with a photo, then the reply). */
async function generateImages(context: BrowserContext, count: number): Promise<UserFile[]> {
  const photo = await uploadApprovedPhoto(context, 'Portrait_3.jpg');
  for (let made = 0; made < count; made++) {
    const sent = await context.request.post('/api/messages', {
      data: { session_id: 'new', content_text: `a watercolour portrait number ${made + 1}`, file_ids: [photo.id] },
      headers: originHeader(),
    });
    expect(sent.status()).toBe(201);
    const { session_id } = (await sent.json()) as { session_id: string };
    const chat = await context.request.post('/api/chat', { data: { session_id }, headers: originHeader() });
    expect(chat.status(), await chat.text()).toBe(202);
    for (let attempt = 0; ; attempt++) {
      const { images } = (await (await context.request.get('/api/user-files?kind=generated&limit=12')).json()) as UserFilesPage;
      if (images.length > made) break;
      if (attempt >= 120) throw new Error('No generated image appeared within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const { images } = (await (await context.request.get('/api/user-files?kind=generated&limit=12')).json()) as UserFilesPage;
  return images;
}

describe.each(['desktop', 'phone'] as const)('the pages with the keyboard at the %s size', (viewport) => {
  it('moves focus to the new page heading after a route change, and leaves it alone on the first load', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `routes-${viewport}`);
    await page.goto('/library');
    await settled(page);
    // The first load: the browser's own start, not the heading.
    expect(await focused(page)).toBe('body');

    if (viewport === 'desktop') {
      // A link of the site header.
      await tabUntil(page, is('a:Studio'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/studio$/);
      await expect.poll(() => focused(page), WAIT).toBe('h1:Studio');
      // The user menu's items: the menu closes and gives focus back to its button, then the page takes it.
      await tabUntil(page, (description) => description.startsWith('button:') && description.endsWith('Open user menu'));
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), WAIT).toBe('menuitem:Account');
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page), WAIT).toMatch(/^button:.*Open user menu$/);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), WAIT).toBe('menuitem:Account');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/account$/);
      await expect.poll(() => focused(page), WAIT).toBe('h1:Account');
      await tabUntil(page, (description) => description.startsWith('button:') && description.endsWith('Open user menu'));
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), WAIT).toBe('menuitem:Account');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page), WAIT).toBe('menuitem:Billing');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/billing$/);
      await expect.poll(() => focused(page), WAIT).toBe('h1:Billing');
    } else {
      // A link of the bottom navigation.
      await tabUntil(page, is('a:Studio'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/studio$/);
      await expect.poll(() => focused(page), WAIT).toBe('h1:Studio');
      // The Account sheet: closed with Esc, focus is back on its button; a link in it leads to the new page's heading.
      await tabUntil(page, (description) => description.startsWith('button:Account'));
      const sheetButton = await focused(page);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Account' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page), WAIT).toBe(sheetButton);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Account' }).waitFor();
      await tabUntil(page, is('a:Billing'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/billing$/);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page), WAIT).toBe('h1:Billing');
      // The More sheet's links too.
      await tabUntil(page, (description) => description.startsWith('button:More'));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'More' }).waitFor();
      await tabUntil(page, is('a:About Us'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/about$/);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page), WAIT).toMatch(/^h1:About/);
    }
    // Tab goes on from the heading into the page, not from the top of the site.
    const headingTop = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? 0);
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => {
      const element = document.activeElement;
      return { inMain: Boolean(element?.closest('main')), top: element?.getBoundingClientRect().top ?? 0 };
    });
    expect(next.inMain).toBe(true);
    expect(next.top).toBeGreaterThanOrEqual(headingTop);
    await context.close();
  });

  it('puts focus on the check-your-email heading after Create account', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/signup');
    await settled(page);
    await tabUntil(page, is('input[email]:'));
    await page.keyboard.type(uniqueEmail(`create-${viewport}`));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), WAIT).toBe('input[password]:');
    await page.keyboard.type(TEST_PASSWORD);
    await tabUntil(page, is('input[password]:'));
    await page.keyboard.type(TEST_PASSWORD);
    await tabUntil(page, is('input[checkbox]:'));
    await page.keyboard.press('Space');
    await tabUntil(page, is('button:Create account'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), WAIT).toBe('h1:Check your email');
    await context.close();
  });

  it(
    'puts focus on the payment step after a package is chosen, back on the package after Back, and on the status page after paying',
    { timeout: 90_000 },
    async () => {
      const { context, page } = await newPage(browser, viewport);
      await signUpInto(context, `package-${viewport}`);
      await page.goto('/billing');
      await page.getByRole('button', { name: 'Buy $10.00' }).waitFor();
      await settled(page);
      await tabUntil(page, is('button:Buy $10.00'));
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), WAIT).toBe('h1:Complete Your Payment');
      await tabUntil(page, is('button:Back to payment options'));
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), WAIT).toBe('button:Buy $10.00');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), WAIT).toBe('h1:Complete Your Payment');
      await tabUntil(page, is('button:Pay $10.00'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/success\?session_id=/);
      await expect.poll(() => focused(page), WAIT).toBe('h1:Payment Status');
      await page.getByText('Payment Successful!', { exact: true }).waitFor();
      await context.close();
    },
  );

  it('returns focus from the account and library dialogs to their openers, or to the next card', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpInto(context, `dialogs-${viewport}`);
    const images = await generateImages(context, 2);

    // Delete account: closed with Esc, then with Cancel.
    await page.goto('/account');
    await settled(page);
    await tabUntil(page, is('button:Delete account'));
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), WAIT).toBe('button:Delete account');
    await page.keyboard.press('Enter');
    await page.getByLabel('Enter your password to confirm').waitFor();
    await tabUntil(page, is('button:Cancel'));
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), WAIT).toBe('button:Delete account');

    // A chat's "Open in Library" link opens the preview with no opener: closed, focus goes to the image's card.
    const [newest, older] = images as [UserFile, UserFile];
    await page.goto(`/library?image=${newest.id}`);
    await page.getByRole('dialog').waitFor();
    await page.locator(`figure[data-image-id="${older.id}"][data-load-state="loaded"]`).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const newestCard = page.locator(`figure[data-image-id="${newest.id}"] button`).first();
    await expect.poll(() => newestCard.evaluate((button) => button === document.activeElement), WAIT).toBe(true);

    // Opened from its card with the keyboard and closed with its button: back on the card.
    const newestName = await newestCard.getAttribute('aria-label');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabUntil(page, is('button:Close preview'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), WAIT).toBe(`button:${newestName}`);

    // Delete, cancelled with Esc: back on the card's delete button. Confirmed: the card is gone, the next card takes focus.
    await tabUntil(page, is('button:Delete image'));
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), WAIT).toBe('button:Delete image');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await tabUntil(page, is('button:Delete'));
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.locator(`figure[data-image-id="${newest.id}"]`).waitFor({ state: 'detached' });
    const olderCard = page.locator(`figure[data-image-id="${older.id}"] button`).first();
    await expect.poll(() => olderCard.evaluate((button) => button === document.activeElement), WAIT).toBe(true);
    await context.close();
  });

  it('returns focus from a console action to the button now in its place', { timeout: 120_000 }, async () => {
    const customer = await openContext(browser, viewport);
    const { email } = await signUpInto(customer, `console-${viewport}`);
    await customer.close();
    const { context, page } = await newPage(browser, viewport);
    await signInOperator(context);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: email }).first().click();
    await page.getByRole('heading', { level: 2, name: email }).waitFor();
    await page.waitForLoadState('networkidle');

    // Closed with Esc: back on its button.
    await page.getByRole('button', { name: 'Disable account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), WAIT).toBe('button:Disable account');

    // Done: "Disable account" is replaced by "Enable account", which takes the focus.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabUntil(page, is('textarea:'));
    await page.keyboard.type('Keyboard check of the console dialogs');
    await tabUntil(page, is('button:Disable'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Enable account' }).waitFor();
    await expect.poll(() => focused(page), WAIT).toBe('button:Enable account');
    await context.close();
  });
});

/** Focused elements that draw no ring: an outline of at least 2px, or a box-shadow ring. */
async function elementsWithoutRing(page: Page): Promise<string[]> {
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let step = 0; step < 120; step++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const path: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        path.unshift(`${node.tagName}${node.parentElement ? [...node.parentElement.children].indexOf(node) : ''}`);
      }
      // A card whose covering link has the focus draws the ring on the card.
      const drawn = [element, element.closest('li'), element.closest('figure')].filter(Boolean) as HTMLElement[];
      const ringed = drawn.some((node) => {
        const style = getComputedStyle(node);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
        return outline || (node === element && style.boxShadow !== 'none');
      });
      return { key: path.join('/'), ringed, html: element.outerHTML.slice(0, 140) };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    if (!stop.ringed) missing.push(stop.html);
  }
  return missing;
}

describe('the account pages, checked whole', () => {
  let user: StorageState;
  beforeAll(async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'rings');
    await generateImages(context, 1);
    user = await context.storageState();
    await context.close();
  }, 120_000);

  describe.each(['light', 'dark'] as const)('in the %s theme', (colorScheme) => {
    it.each(['/billing', '/account', '/library'])(
      'shows a focus ring on every control of %s and axe finds no violation of any impact',
      { timeout: 90_000 },
      async (where) => {
        for (const viewport of ['desktop', 'phone'] as const) {
          const context = await openContext(browser, viewport, user);
          const page = await context.newPage();
          await page.emulateMedia({ colorScheme });
          await page.goto(where);
          await settled(page);
          await page.locator('figure[data-load-state="loading"]').first().waitFor({ state: 'detached' });
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
          await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
          const violations = (await axeViolations(page)).map(
            (violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join('; ')}`,
          );
          expect(violations, `${where} at the ${viewport} size`).toEqual([]);
          expect(await page.locator('main').count()).toBe(1);
          expect(await elementsWithoutRing(page), `${where} at the ${viewport} size`).toEqual([]);
          await context.close();
        }
      },
    );
  });
});
