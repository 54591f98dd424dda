import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { UserFile } from '@shared/studio';
import { baseUrl, launchBrowser } from './support/browser';
import { openContext, originHeader, signUpInto, TEST_PASSWORD, topUpInTestMode, uniqueEmail } from './support/accounts';

/**
 * Account deletion end to end (decision 016) against the product as `npm start` serves
 * it: the dialog in the browser, then sign-in refused, every file URL 404, every session ended,
 * and another user untouched.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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
    if (file.verified_enum !== 'pending') return file;
  }
  throw new Error(`${fixture} stayed pending`);
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const statusOf = async (context: BrowserContext, url: string) => (await context.request.get(url)).status();

describe('deleting an account', () => {
  it('downloads the data, asks for the password after showing the balance and the refund policy, then nothing of the account answers and other users are untouched', async () => {
    const context = await openContext(browser, 'desktop');
    const { email } = await signUpInto(context, 'leaving');
    await topUpInTestMode(context, { cents: 1000 });
    const photo = await uploadApprovedPhoto(context, 'Landscape_3.jpg');
    const urls = [photo.file_url, photo.thumbnailUrl];
    expect(await statusOf(context, photo.file_url)).toBe(200);

    // The same account signed in on a phone too.
    const phone = await openContext(browser, 'phone');
    expect(
      (await phone.request.post('/api/auth/sign-in/email', { data: { email, password: TEST_PASSWORD }, headers: originHeader() })).status(),
    ).toBe(200);
    expect((await phone.request.get('/api/me')).status()).toBe(200);

    const otherContext = await openContext(browser, 'desktop');
    await signUpInto(otherContext, 'staying');
    const othersPhoto = await uploadApprovedPhoto(otherContext, 'Portrait_6.jpg');

    const page = await context.newPage();
    await page.goto('/account');

    // First the user takes their data: the browser downloads the zip itself.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^photomuse-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await yauzl.openPromise((await download.path())!, { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    zip.close();
    expect(names.sort()).toEqual([
      'account.json',
      'audit-log.json',
      `images/uploads/Landscape_3-${photo.id.replace(/-/g, '').slice(0, 8)}.jpg`,
      'ledger.csv',
      'sessions.json',
    ]);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByText('Your unused balance of $10.00 will be lost.').waitFor();
    expect(await dialog.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe('/refund');

    const password = dialog.getByLabel('Enter your password to confirm');
    await password.fill('Wrong-passw0rd');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('alert').getByText('The password is not correct.').waitFor();
    expect(await statusOf(context, photo.file_url)).toBe(200);

    await password.fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account has been deleted.').waitFor();

    // Every session of the account ended: this browser's and the phone's.
    expect((await context.request.get('/api/me')).status()).toBe(401);
    expect((await phone.request.get('/api/me')).status()).toBe(401);
    // Signing in fails exactly as for an address nobody has.
    await signInThroughForm(page, email, TEST_PASSWORD);
    await page.getByRole('alert').getByText('Invalid email or password. Please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const refused = await phone.request.post('/api/auth/sign-in/email', {
      data: { email, password: TEST_PASSWORD },
      headers: originHeader(),
    });
    const unknown = await phone.request.post('/api/auth/sign-in/email', {
      data: { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
      headers: originHeader(),
    });
    expect([refused.status(), await refused.json()]).toEqual([unknown.status(), await unknown.json()]);
    // Every URL of the user's files answers 404, to anyone.
    const stranger = await openContext(browser, 'desktop');
    for (const url of urls) expect(await statusOf(stranger, `${baseUrl()}${url}`)).toBe(404);

    // The other user is untouched.
    expect((await otherContext.request.get('/api/me')).status()).toBe(200);
    expect(await statusOf(otherContext, othersPhoto.file_url)).toBe(200);
    const otherPage = await otherContext.newPage();
    await otherPage.goto('/library');
    await otherPage.locator(`figure[data-image-id="${othersPhoto.id}"]`).waitFor();

    await Promise.all([context.close(), phone.close(), otherContext.close(), stranger.close()]);
  });
});
