import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, originHeader, signUpInto, TEST_PASSWORD, uniqueEmail, type Viewport } from './support/accounts';

/**
 * The Account page's settings in the browser: a new name shows in the user menu, a new password
 * signs another browser out, and a new e-mail address takes effect through the link mailed to it
 * (read from the dev mailbox, as sign-up's confirmation is).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const poll = { timeout: 10_000 };

async function signInOver(context: BrowserContext, email: string, password: string): Promise<number> {
  return (await context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: originHeader() })).status();
}

/** The link to the newest mail to `to` that contains `marker`, from the dev mailbox. */
async function mailedLink(context: BrowserContext, to: string, marker: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { mails } = (await (await context.request.get('/api/dev/mailbox')).json()) as { mails: Array<{ to: string; text: string }> };
    const link = mails
      .find((mail) => mail.to === to && mail.text.includes(marker))
      ?.text.match(/https?:\/\/\S+/g)
      ?.find((url) => new URL(url).pathname === '/api/auth/verify-email');
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} with "${marker}"`);
}

describe.each<Viewport>(['desktop', 'phone'])('account settings (%s)', (viewport) => {
  it('changes the name, the password (signing the other browser out) and the e-mail address through the mailed link', async () => {
    const context = await openContext(browser, viewport);
    const { email } = await signUpInto(context, 'settings');
    const otherBrowser = await openContext(browser, 'desktop');
    expect(await signInOver(otherBrowser, email, TEST_PASSWORD)).toBe(200);
    expect((await otherBrowser.request.get('/api/me')).status()).toBe(200);

    const page = await context.newPage();
    await page.goto('/account');
    const settings = page.getByRole('region', { name: 'Account settings' });
    await settings.waitFor({ timeout: 20_000 });

    // The name.
    await settings.getByLabel('Your name').fill('Grace Hopper');
    await settings.getByRole('button', { name: 'Save name' }).click();
    await settings.getByText('Your name has been saved.').waitFor(poll);
    await expect
      .poll(async () => ((await (await context.request.get('/api/me')).json()) as { displayName: string }).displayName, poll)
      .toBe('Grace Hopper');
    if (viewport === 'desktop') {
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menu').getByText('Grace Hopper').waitFor(poll);
      // A new account's free images beside its $0.00 in the menu.
      await page.getByRole('menu').getByText('3 free images left').waitFor(poll);
      await page.keyboard.press('Escape');
    } else {
      // The phone's Account sheet: the free images beside the balance there too.
      await page.getByRole('navigation').getByRole('button', { name: 'Account' }).click();
      const sheet = page.getByRole('dialog', { name: 'Account' });
      await sheet.getByText('3 free images left').waitFor(poll);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden', ...poll });
    }

    // The password: a weak one is refused in words, a wrong current one too, then the change.
    await settings.getByLabel('Current password', { exact: true }).fill('Wr0ng-password');
    await settings.getByLabel('New password', { exact: true }).fill('weak');
    await settings.getByLabel('Confirm new password').fill('weak');
    await settings.getByRole('button', { name: 'Change password' }).click();
    await settings.getByText('Password must be at least 8 characters').first().waitFor(poll);
    await settings.getByLabel('New password', { exact: true }).fill('N3w-password');
    await settings.getByLabel('Confirm new password').fill('N3w-password');
    await settings.getByRole('button', { name: 'Change password' }).click();
    await settings.getByText('The current password is not correct.').waitFor(poll);
    expect((await otherBrowser.request.get('/api/me')).status()).toBe(200);
    await settings.getByLabel('Current password', { exact: true }).fill(TEST_PASSWORD);
    await settings.getByRole('button', { name: 'Change password' }).click();
    await settings.getByText('Your password has been changed. Other devices have been signed out.').waitFor(poll);
    expect((await otherBrowser.request.get('/api/me')).status()).toBe(401);
    expect((await context.request.get('/api/me')).status()).toBe(200);

    // The e-mail address: nothing changes until the link mailed to the new address is opened.
    const newEmail = uniqueEmail('settings-moved');
    await settings.getByLabel('New e-mail address').fill(newEmail);
    await settings.getByRole('button', { name: 'Change e-mail' }).click();
    await settings.getByText(`We sent a confirmation link to ${newEmail}.`, { exact: false }).waitFor(poll);
    expect(((await (await context.request.get('/api/me')).json()) as { email: string }).email).toBe(email);
    await page.goto(await mailedLink(context, newEmail, 'Confirm the new address'));
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/account');
    await page.getByRole('region', { name: 'Account settings' }).getByText(`Your address is ${newEmail}.`).waitFor(poll);
    expect(await signInOver(otherBrowser, newEmail, 'N3w-password')).toBe(200);

    await context.close();
    await otherBrowser.close();
  });
});
