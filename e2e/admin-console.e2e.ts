import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, signUpInto, topUpInTestMode, type StorageState, type Viewport } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { signInOperator } from './support/operator';

/**
 * The operator console in Chromium, at the desktop and the phone viewport, as `npm start` serves
 * it: reached from the user menu (only by the operator), every section shown without serious or
 * critical axe violations, and a credit granted through its dialog landing in the customer's
 * ledger. Everyone else finds a 404 page at /admin.
 */

let browser: Browser;
let operator: StorageState;
let customerEmail: string;

async function stateOf(setUp: (context: BrowserContext) => Promise<void>): Promise<StorageState> {
  const context = await openContext(browser, 'desktop');
  await setUp(context);
  const state = await context.storageState();
  await context.close();
  return state;
}

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await stateOf(async (context) => {
    await signInOperator(context);
  });
  await stateOf(async (context) => {
    customerEmail = (await signUpInto(context, 'customer')).email;
    await topUpInTestMode(context, { cents: 1000 });
  });
});
afterAll(() => browser?.close());

async function expectAccessible(page: Page, where: string): Promise<void> {
  // Colours are read once a pressed button's colour transition has ended, not halfway through it.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const violations = (await seriousAxeViolations(page)).map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
  expect(violations, where).toEqual([]);
}

/** Nothing wider than the screen: a phone never scrolls sideways to read the console. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // What sticks out, named, should it fail.
  const wide =
    overflow > 0
      ? await page.evaluate(() => {
          const scrolledInside = (element: Element) => {
            for (let parent = element.parentElement; parent; parent = parent.parentElement)
              if (getComputedStyle(parent).overflowX !== 'visible') return true;
            return false;
          };
          const width = document.documentElement.clientWidth;
          return [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > width + 1 && !scrolledInside(element))
            .slice(-3)
            .map((element) => element.outerHTML.slice(0, 160));
        })
      : [];
  expect(overflow, `${where}: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: /Loading|Загрузка/ })
        .count(),
    )
    .toBe(0);
}

describe.each(['desktop', 'phone'] as const)('the operator console at the %s viewport', (viewport: Viewport) => {
  it('is reached from the user menu and shows every section accessibly', async () => {
    const context = await openContext(browser, viewport, operator);
    const page = await context.newPage();
    await page.goto('/studio');
    if (viewport === 'desktop') {
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Operator console' }).click();
    } else {
      await page.getByRole('navigation', { name: 'App' }).getByRole('button', { name: 'Account' }).click();
      await page.getByRole('link', { name: 'Operator console' }).click();
    }
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor();
    await settle(page);
    await page.getByRole('heading', { name: 'Figures' }).waitFor();
    await expect.poll(() => page.locator('svg[role="img"]').count()).toBe(4);
    await expectAccessible(page, 'overview');
    await expectNoSidewaysScroll(page, 'overview');

    await page.getByRole('button', { name: '30 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('30d');
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('First day').waitFor();
    await expectAccessible(page, 'overview with a custom period');

    for (const [section, heading] of [
      ['Users', 'Users'],
      ['Jobs', 'Queues'],
      ['Engines', 'Built-in engine'],
      ['Audit log', 'Audit log'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: section }).click();
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      await settle(page);
      await expectAccessible(page, section);
      await expectNoSidewaysScroll(page, section);
    }
    await context.close();
  });

  it('grants a customer credit through its dialog, and the ledger shows it with the running balance', async () => {
    const context = await openContext(browser, viewport, operator);
    const page = await context.newPage();
    await page.goto('/admin/users');
    await page.getByLabel('Search by e-mail or name').fill(customerEmail);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(customerEmail);
    await page.getByRole('link', { name: customerEmail }).first().click();
    await page.getByRole('heading', { level: 2, name: customerEmail }).waitFor();
    await settle(page);
    await expectAccessible(page, 'a user');
    await expectNoSidewaysScroll(page, 'a user');

    await page.getByRole('button', { name: 'Grant credit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant credit' });
    await dialog.getByLabel('Amount in dollars').fill('2.50');
    // No reason, no action.
    await dialog.getByRole('button', { name: 'Grant credit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Give a reason of at least 3 characters.' }).waitFor();
    await dialog.getByLabel('Reason (kept in the audit log)').fill(`Goodwill (${viewport})`);
    await expectAccessible(page, 'the credit dialog');
    await dialog.getByRole('button', { name: 'Grant credit' }).click();
    await page.getByText('Credit granted.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Newest first, with the balance right after it: $10.00 topped up plus each grant so far.
    const rows = page.getByRole('row').filter({ hasText: 'Credit from support' });
    await rows.first().waitFor();
    const grants = await rows.count();
    const cells = await rows.first().getByRole('cell').allTextContents();
    expect(cells.slice(2)).toEqual(['+$2.50', '', `$${(10 + 2.5 * grants).toFixed(2)}`]);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByText(`“Goodwill (${viewport})”`).waitFor();
    await context.close();
  });
});

describe('the console to anyone else', () => {
  it('is not in the menu, and /admin is the 404 page', async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'not-operator');
    const page = await context.newPage();
    await page.goto('/studio');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Operator console' }).count()).toBe(0);
    const response = await page.goto('/admin/users');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page Not Found.' }).waitFor();
    expect((await context.request.get('/api/admin/users')).status()).toBe(404);
    await context.close();
  });
});

describe('the console in Russian', () => {
  it('speaks Russian and stays accessible', async () => {
    const context = await openContext(browser, 'phone', operator);
    const page = await context.newPage();
    await page.goto('/admin/jobs?lng=ru');
    await page.getByRole('heading', { level: 1, name: 'Консоль оператора' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Очереди' }).waitFor();
    await settle(page);
    await expectAccessible(page, 'jobs in Russian');
    await context.close();
  });
});
