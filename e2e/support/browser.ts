import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no background traffic). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  // Every context is a different visitor: the sign-in/sign-up limits count per client address,
  // and the server under test trusts X-Forwarded-For (TRUST_PROXY=true, as behind a proxy).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ ...options, extraHTTPHeaders: { ...visitorHeaders(), ...options.extraHTTPHeaders } });
  return browser;
}

let visitorCount = 0;
/** Headers that make requests come from a fresh client address (see launchBrowser). */
export function visitorHeaders(): Record<string, string> {
  visitorCount += 1;
  // 198.18.0.0/15 is reserved for benchmarking: a header value only, never an address we contact.
  return { 'X-Forwarded-For': `198.${18 + (Math.floor(visitorCount / 250) % 2)}.${process.pid % 256}.${visitorCount % 250}` };
}

export const baseUrl = (): string => inject('baseUrl');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export async function newPage(
  browser: Browser,
  viewport: keyof typeof viewports = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: viewports[viewport],
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}
