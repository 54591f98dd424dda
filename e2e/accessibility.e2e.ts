import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, originHeader, signUpInto, type StorageState } from './support/accounts';
import { seriousAxeViolations } from './support/axe';

/**
 * axe-core on the main screens, signed out and signed in, at a desktop and a phone viewport: no
 * serious or critical violation may ship.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A confirmed user with accepted terms and one approved upload (so the library has a card). */
async function signedInState(): Promise<StorageState> {
  const context = await openContext(browser, 'desktop');
  await signUpInto(context, 'a11y');
  const buffer = await readFile(path.resolve(import.meta.dirname, '../fixtures/photos/Portrait_1.jpg'));
  expect(
    (
      await context.request.post('/api/uploads', {
        multipart: { file: { name: 'Portrait_1.jpg', mimeType: 'image/jpeg', buffer } },
        headers: originHeader(),
      })
    ).status(),
  ).toBe(201);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function seriousViolations(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map(
    (violation) =>
      `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.map((node) => `${node.html.slice(0, 200)} — ${node.failureSummary ?? ''}`).join('; ')}`,
  );
}

/** Opens a screen and waits until it has settled: its main landmark is there and the network is quiet. */
async function openScreen(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The screen itself, not the 404 page standing in for a screen that is not built.
  expect(await page.getByRole('heading', { name: 'Oops! Page Not Found.' }).count(), `${pathname} shows the 404 page`).toBe(0);
  expect(new URL(page.url()).pathname).toBe(pathname);
}

let member: StorageState;
beforeAll(async () => {
  member = await signedInState();
});

const publicScreens = ['/', '/login'];
const memberScreens = ['/studio', '/library', '/billing', '/account'];

describe.each(['desktop', 'phone'] as const)('accessibility at the %s viewport', (viewport) => {
  it.each(publicScreens)('%s has no serious or critical violations', async (pathname) => {
    const context = await openContext(browser, viewport);
    const page = await context.newPage();
    await openScreen(page, pathname);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it.each(memberScreens)('%s (signed in) has no serious or critical violations', async (pathname) => {
    const context = await openContext(browser, viewport, member);
    const page = await context.newPage();
    await openScreen(page, pathname);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
