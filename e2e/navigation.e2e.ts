import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialsOf } from '@shared/profile';
import { launchBrowser, viewports } from './support/browser';
import { openContext, signUpInto, type StorageState } from './support/accounts';

/**
 * The navigation shell at a desktop and a phone viewport: the header, the
 * user menu, the mobile top bar, the bottom nav and its Account and More sheets.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function formattedBalance(context: BrowserContext): Promise<{ balance: number; formatted: string }> {
  return (await (await context.request.get('/api/stripe/balance')).json()) as { balance: number; formatted: string };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'App' });

/** One signed-in user shared by the tests that do not sign out. */
let member: { email: string; name: string; state: StorageState; balance: { balance: number; formatted: string } };
beforeAll(async () => {
  const context = await openContext(browser, 'desktop');
  const user = await signUpInto(context, 'nav');
  member = { ...user, state: await context.storageState(), balance: await formattedBalance(context) };
  await context.close();
});

describe('the desktop header', () => {
  it('offers Login and Sign Up to a visitor, next to Studio, Library and About Us', async () => {
    const context = await openContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await header.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(await header.getByRole('link', { name: 'PhotoMuse' }).getAttribute('href')).toBe('/');
    const nav = header.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Studio', 'Library', 'About Us']);
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/studio',
      '/library',
      '/about',
    ]);
    const box = await header.locator('> div').first().boundingBox();
    expect(box?.height).toBe(64);
    // Visitors have no bottom nav, and the header has no user menu.
    expect(await bottomNav(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open user menu' }).count()).toBe(0);

    await header.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it("shows the signed-in user's menu: avatar initials, name, e-mail, coloured balance, Account, Billing, Log out", async () => {
    const context = await openContext(browser, 'desktop', member.state);
    const page = await context.newPage();
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Open user menu' });
    // The avatar falls back to the initials of the display name.
    await trigger.getByText(initialsOf(member.name), { exact: true }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(0);
    await trigger.click();

    const menu = page.getByRole('menu');
    await menu.getByText(member.email).waitFor();
    await menu.getByText(member.name, { exact: true }).waitFor();
    await menu.getByText('Balance:').waitFor();
    const amount = menu.getByText(member.balance.formatted, { exact: true });
    await amount.waitFor();
    // A new account holds no credit: the balance is shown red.
    expect(member.balance.balance).toBeGreaterThanOrEqual(0);
    expect(await amount.getAttribute('data-balance-tone')).toBe('low');
    expect(await amount.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
    // ...and beside it what a new account pays with first.
    await menu.getByText('3 free images left').waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Account', 'Billing', 'Log out']);

    await menu.getByRole('menuitem', { name: 'Billing' }).click();
    await page.waitForURL('**/billing');
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/account');
    await context.close();
  });

  it('logs out from the user menu and returns to login', async () => {
    const context = await openContext(browser, 'desktop');
    await signUpInto(context, 'nav-out');
    const page = await context.newPage();
    await page.goto('/library');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).waitFor();
    // The session is gone on the server too.
    expect((await context.request.get('/api/me')).status()).toBe(401);
    await context.close();
  });
});

describe('the phone navigation', () => {
  it("shows a top bar with 'New Chat' and, for visitors, a More sheet with Login, Sign up and the policies", async () => {
    const context = await openContext(browser, 'phone');
    const page = await context.newPage();
    await page.goto('/');
    const newChat = page.getByRole('link', { name: 'New Chat' });
    await newChat.waitFor();
    expect(await newChat.getAttribute('href')).toBe('/session/new');
    // The desktop nav is not shown on a phone, and visitors have no bottom nav.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await bottomNav(page).count()).toBe(0);

    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    expect(await sheet.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await sheet.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    const policies = sheet.getByRole('navigation').getByRole('link');
    expect(await policies.allTextContents()).toEqual(['About Us', 'Terms', 'Privacy', 'Refund']);
    expect(await policies.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/about',
      '/terms',
      '/privacy',
      '/refund',
    ]);
    await sheet.getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL('**/terms');
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the bottom nav with the low-balance dot, and the Account sheet with every item', async () => {
    const context = await openContext(browser, 'phone', member.state);
    const page = await context.newPage();
    await page.goto('/library');
    const nav = bottomNav(page);
    await nav.waitFor();
    expect(await nav.getByRole('listitem').count()).toBe(4);
    expect(await nav.getByRole('link', { name: 'Studio', exact: true }).getAttribute('href')).toBe('/studio');
    expect(await nav.getByRole('link', { name: 'Library', exact: true }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('button', { name: 'More', exact: true }).waitFor();
    const accountButton = nav.getByRole('button', { name: 'Account', exact: true });
    // The red dot, also told to screen readers.
    await accountButton.locator('[data-low-balance-dot]').waitFor();
    expect(await page.locator(`#${await accountButton.getAttribute('aria-describedby')}`).textContent()).toBe('Low balance');

    await accountButton.click();
    const sheet = page.getByRole('dialog', { name: 'Account' });
    await sheet.waitFor();
    await sheet.getByText(member.email).waitFor();
    await sheet.getByText(member.name, { exact: true }).waitFor();
    await sheet.getByText('Balance:').waitFor();
    await sheet.getByText(member.balance.formatted, { exact: true }).waitFor();
    await sheet.getByText('3 free images left').waitFor();
    expect(await sheet.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(await sheet.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing');
    expect(await sheet.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/billing');
    await sheet.getByRole('button', { name: 'Log out' }).waitFor();

    // The sheet slides up from the bottom edge of the screen.
    await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const box = await sheet.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewports.phone.height);

    await sheet.getByRole('link', { name: 'Top up' }).click();
    await page.waitForURL('**/billing');
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks before logging out from the More sheet, and Cancel keeps the user signed in', async () => {
    const context = await openContext(browser, 'phone');
    const { email } = await signUpInto(context, 'nav-more');
    const page = await context.newPage();
    await page.goto('/studio');
    await bottomNav(page).getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.getByText(email).waitFor();
    await sheet.getByText('Balance:').waitFor();
    await sheet.getByText('3 free images left').waitFor();
    expect(await sheet.getByRole('link', { name: /Balance:/ }).getAttribute('href')).toBe('/billing');
    expect(await sheet.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/billing');
    expect(await sheet.getByRole('navigation').getByRole('link').allTextContents()).toEqual(['About Us', 'Terms', 'Privacy', 'Refund']);
    expect(await sheet.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await sheet.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log out of PhotoMuse?' });
    await confirm.getByText('You will need to sign in again to continue.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await context.request.get('/api/me')).status()).toBe(200);

    await sheet.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('alertdialog', { name: 'Log out of PhotoMuse?' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    expect(await bottomNav(page).count()).toBe(0);
    expect((await context.request.get('/api/me')).status()).toBe(401);
    await context.close();
  });

  it('hides the bottom nav and the top bar inside session pages', async () => {
    const context = await openContext(browser, 'phone', member.state);
    const page = await context.newPage();
    await page.goto('/studio');
    await bottomNav(page).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'New Chat' }).click();
    await page.waitForURL('**/session/new');
    await bottomNav(page).waitFor({ state: 'detached' });
    expect(await page.getByRole('banner').getByRole('link', { name: 'New Chat' }).count()).toBe(0);
    // Back on the sessions list, both return.
    await page.goBack();
    await bottomNav(page).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'New Chat' }).waitFor();
    await context.close();
  });
});
