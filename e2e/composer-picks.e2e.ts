import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, signUpInto, type Viewport } from './support/accounts';

/** Spec section 5, "image files only", made visible at the composer in a real browser. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each<Viewport>(['desktop', 'phone'])('picking files at the %s size', (viewport) => {
  it('says why a picked file that is not an image was not attached', async () => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `pick-${viewport}`);
    const page = await context.newPage();
    await page.goto('/session/new');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const uploadRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/uploads')) uploadRequests.push(request.url());
    });

    // A file chooser's "All files" lets anything through; setInputFiles does the same.
    await page
      .getByTestId('composer-file-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    const message = page
      .getByRole('alert')
      .filter({ hasText: '“notes.txt” is not an image. Only image files can be attached: JPEG, PNG or WebP.' });
    await message.waitFor();
    expect(await message.isVisible()).toBe(true);
    // Nothing was attached or uploaded.
    expect(await page.getByRole('list', { name: 'Images to send' }).count()).toBe(0);
    expect(uploadRequests).toEqual([]);
    await context.close();
  });
});
