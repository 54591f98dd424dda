import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples, smallVariantOf } from '../src/web/features/marketing/samples';
import marketingTexts from '../src/web/locales/en/marketing.json';
import { seriousAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage } from './support/browser';

/**
 * The public marketing side: the landing page at a desktop and a phone viewport (stats from the
 * API, steps, samples, pricing), the before/after slider, the carousel, copy-prompt, the static
 * pages behind the footer, and an accessibility check of the landing page.
 */

/** A sample's English texts (title, output labels), as the locale file holds them. */
const sampleTexts = (id: string) => (marketingTexts.samples as Record<string, { title: string; outputs: Record<string, string> }>)[id]!;

const CATEGORY_LABELS = ['Fashion & Clothing', 'Backgrounds & Locations', 'Artistic Styles', 'Text Editing', 'Digital Art'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function withPage(viewport: 'desktop' | 'phone', run: (page: Page, context: BrowserContext) => Promise<void>) {
  const { context, page } = await newPage(browser, viewport);
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

/** Opens the landing page and returns the stats the page itself received from the API. */
async function openLanding(page: Page): Promise<{ images: number; users: number }> {
  const statsResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/stats');
  await page.goto('/');
  const response = await statsResponse;
  expect(response.status()).toBe(200);
  return (await response.json()) as { images: number; users: number };
}

const sliderOf = (card: Locator) => card.getByRole('slider');
const valueOf = async (slider: Locator) => Number(await slider.getAttribute('aria-valuenow'));

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible' });
}

/**
 * The strip never contradicts the hero's "500+ creators, 1000+ transformations" (the defaults):
 * a live counter below its figure — as on a fresh install — is not shown; one at or above it is.
 */
async function expectStatsAgreeWithTheHero(page: Page, stats: { images: number; users: number }) {
  await expectVisible(page.getByText('500+ creators, 1000+ transformations', { exact: true }));
  await page.getByRole('region', { name: 'In numbers' }).locator('dl[aria-busy="false"]').waitFor();
  for (const [testId, live, figure] of [
    ['stat-images', stats.images, 1000],
    ['stat-users', stats.users, 500],
  ] as const) {
    if (live >= figure) expect(await page.getByTestId(testId).textContent()).toBe(live.toLocaleString('en-US'));
    else expect(await page.getByTestId(testId).count(), `${testId}: ${live} is below ${figure}, so it is not shown`).toBe(0);
  }
}

describe('the landing page on a desktop', () => {
  it('shows the hero, live stats, the steps, six samples, pricing and the notice', async () => {
    await withPage('desktop', async (page) => {
      const stats = await openLanding(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Transform your photos by chatting with AI' }));
      expect(await page.getByRole('link', { name: 'Start Creating Now' }).getAttribute('href')).toBe('/studio');

      await expectStatsAgreeWithTheHero(page, stats);
      for (const figure of ['50+', '1-2 min', '99.9%']) await expectVisible(page.getByText(figure, { exact: true }));

      await expectVisible(page.getByRole('heading', { name: 'Transform Photos in 3 Simple Steps' }));
      expect(await page.getByRole('link', { name: 'Start Your First Transformation' }).getAttribute('href')).toBe('/studio');

      const cards = page.getByTestId('sample-card');
      expect(await cards.count()).toBe(6);
      const categories = await page.getByTestId('sample-category').allTextContents();
      expect(new Set(categories)).toEqual(new Set(CATEGORY_LABELS));
      expect(await page.getByRole('slider').count()).toBe(6);
      // The gallery shows real photos: every "before" image is served, at both sizes.
      for (const sample of samples) {
        for (const file of [sample.input.path, smallVariantOf(sample.input.path)])
          expect((await page.request.get(file)).status()).toBe(200);
      }

      for (const pack of ['tryItOut', 'creatorPack', 'proPack']) await expectVisible(page.getByTestId(`pricing-${pack}`));
      await expectVisible(page.getByText('Most Popular'));
      const pricing = page.getByRole('region', { name: 'Simple, Pay-As-You-Go Pricing' });
      expect(await pricing.getByRole('link', { name: /Start/ }).count()).toBe(1);
      expect(await page.getByTestId('pricing-creatorPack').getByRole('link', { name: /Start/ }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'View all pricing options' }).getAttribute('href')).toBe('/billing');

      // The server's UPLOAD_RETENTION, 24 hours by default (decision 015).
      await expectVisible(page.getByText('Uploaded files are deleted after processing, at the latest 24 hours after upload.'));
      await expectVisible(page.getByText('Creating harmful, illegal or unethical content is prohibited.'));
    });
  });

  it('moves the before/after slider by mouse drag and by keyboard', async () => {
    await withPage('desktop', async (page) => {
      await openLanding(page);
      const card = page.getByTestId('sample-card').first();
      const slider = sliderOf(card);
      await slider.scrollIntoViewIfNeeded();
      expect(await valueOf(slider)).toBe(50);

      const box = (await card.getByTestId('before-after').boundingBox())!;
      const y = box.y + box.height * 0.7;
      await page.mouse.move(box.x + box.width * 0.5, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.4, y, { steps: 4 });
      await page.mouse.move(box.x + box.width * 0.25, y, { steps: 4 });
      await page.mouse.up();
      expect(Math.abs((await valueOf(slider)) - 25)).toBeLessThanOrEqual(1);
      // Releasing the button ends the drag: moving on does not move the divider.
      await page.mouse.move(box.x + box.width * 0.9, y);
      expect(Math.abs((await valueOf(slider)) - 25)).toBeLessThanOrEqual(1);

      await slider.focus();
      await page.keyboard.press('Home');
      expect(await valueOf(slider)).toBe(0);
      await page.keyboard.press('ArrowRight');
      expect(await valueOf(slider)).toBe(5);
      await page.keyboard.press('End');
      expect(await valueOf(slider)).toBe(100);
      await page.keyboard.press('ArrowLeft');
      expect(await slider.getAttribute('aria-valuenow')).toBe('95');
      expect(await slider.getAttribute('aria-valuetext')).toBe('95% of the original photo shown');
    });
  });

  it("copies a sample's prompt and says 'Prompt copied!'", async () => {
    await withPage('desktop', async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await openLanding(page);
      const sample = samples[1]!;
      await page.getByRole('button', { name: `Copy prompt: ${sampleTexts(sample.id).title}` }).click();
      await expectVisible(page.getByText('Prompt copied!'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sample.prompt);
    });
  });

  it('reaches every static page from the footer', async () => {
    const pages = [
      { link: 'About Us', path: '/about', heading: 'About PhotoMuse', text: 'Price reference' },
      { link: 'Terms of Service', path: '/terms', heading: 'Terms of Service', text: 'Last updated: 2 May 2025' },
      { link: 'Privacy Policy', path: '/privacy', heading: 'Privacy Policy', text: 'Last updated: 2 May 2025' },
      { link: 'Refund Policy', path: '/refund', heading: 'Refund and Cancellation Policy', text: 'Last updated: 2025-05-02' },
    ];
    await withPage('desktop', async (page) => {
      for (const target of pages) {
        await page.goto('/');
        const footer = page.getByRole('contentinfo');
        await footer.getByRole('link', { name: target.link }).click();
        await page.waitForURL(`**${target.path}`);
        await expectVisible(page.getByRole('heading', { level: 1, name: target.heading }));
        await expectVisible(page.getByText(target.text, { exact: true }));
        // Every static page carries the footer too.
        await expectVisible(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }));
      }
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
        'mailto:support@localhost',
      );
    });
  });

  it('states the facts of the legal pages', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/privacy');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
      const privacy = page.getByRole('article');
      expect(await privacy.getByRole('heading', { level: 2 }).count()).toBe(10);
      const privacyText = await privacy.textContent();
      expect(privacyText).toContain('Google shares your e-mail address and basic profile');
      expect(privacyText).toContain('at least 16 years old');
      expect(privacyText).toContain('e-mail support@localhost');

      await page.goto('/terms');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
      const terms = (await page.getByRole('article').textContent())!;
      for (const fact of [
        'at least 18 years old',
        'consent of a parent or legal guardian',
        'Uploaded files are deleted after processing',
        'You own the images you generate',
        'in the 3 months before',
        'EUR 50',
        'law of Poland',
        'courts of Warsaw',
        'at least 14 days before',
      ]) {
        expect(terms).toContain(fact);
      }

      await page.goto('/refund');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Refund and Cancellation Policy' }));
      const refund = (await page.getByRole('article').textContent())!;
      for (const fact of [
        'cannot be cancelled once generation or training has started',
        'Purchases are final once generation starts',
        'We may offer credit to your balance instead of a refund',
        'within 14 days',
        'lose the right of withdrawal',
        'EUR 50',
      ]) {
        expect(refund).toContain(fact);
      }
    });
  });

  it('prices 10, 15 and 20 photos on the About page, and goes back', async () => {
    await withPage('desktop', async (page) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
      await page.waitForURL('**/about');
      const rows = page.getByRole('table').getByRole('row');
      await expectVisible(rows.first());
      expect(await rows.allInnerTexts()).toEqual(['Photos\tPrice', '10 photos\t$0.80', '15 photos\t$1.20', '20 photos\t$1.60']);
      await page.getByRole('button', { name: 'Go Back' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // Opened directly, there is nothing to go back to inside the app: Go Back leads home.
      await page.goto('/about');
      await page.getByRole('button', { name: 'Go Back' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectVisible(page.getByRole('link', { name: 'Start Creating Now' }));
    });
  });
});

/** A finger drag through Chromium's own touch input, as a phone sends it. */
async function touchSwipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x: Math.round(x), y: Math.round(from.y) }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x) });
  for (let step = 1; step <= 6; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(from.x + (dx * step) / 6) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('the landing page on a phone', () => {
  it('shows carousels instead of sliders, and only the $10 pricing card', async () => {
    await withPage('phone', async (page) => {
      const stats = await openLanding(page);
      await expectStatsAgreeWithTheHero(page, stats);
      expect(await page.getByTestId('sample-card').count()).toBe(6);
      expect(new Set(await page.getByTestId('sample-category').allTextContents())).toEqual(new Set(CATEGORY_LABELS));
      expect(await page.getByRole('slider').count()).toBe(0);
      expect(await page.getByTestId('carousel-viewport').count()).toBe(6);

      await expectVisible(page.getByTestId('pricing-creatorPack'));
      expect(await page.getByTestId('pricing-tryItOut').isVisible()).toBe(false);
      expect(await page.getByTestId('pricing-proPack').isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'View all pricing options' }).isVisible()).toBe(true);
    });
  });

  it('moves the carousel by a touch swipe of 100 px or more, not by a shorter one', async () => {
    await withPage('phone', async (page) => {
      await openLanding(page);
      const card = page.getByTestId('sample-card').first();
      const viewport = card.getByTestId('carousel-viewport');
      const status = card.getByTestId('carousel-status');
      await viewport.scrollIntoViewIfNeeded();
      const box = (await viewport.boundingBox())!;
      const start = { x: box.x + box.width * 0.8, y: box.y + box.height / 2 };
      const first = samples[0]!;
      expect(await status.textContent()).toBe(`1 of ${first.outputs.length + 1}: Before`);

      // A short swipe moves nothing (and so starts no transition lock either).
      await touchSwipe(page, start, -80);
      expect(await status.textContent()).toBe(`1 of ${first.outputs.length + 1}: Before`);

      await touchSwipe(page, start, -160);
      await expect
        .poll(() => status.textContent())
        .toBe(`2 of ${first.outputs.length + 1}: ${sampleTexts(first.id).outputs[first.outputs[0]!.key]}`);

      // Swiping back works once the 300 ms transition lock is over; before that the swipe is dropped.
      await expect
        .poll(async () => {
          await touchSwipe(page, { x: box.x + box.width * 0.2, y: start.y }, 160);
          return status.textContent();
        })
        .toBe(`1 of ${first.outputs.length + 1}: Before`);
    });
  });
});

describe('accessibility of the landing page', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`has no serious or critical axe violations (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await openLanding(page);
        await expectVisible(page.getByRole('heading', { name: 'Responsible AI' }));
        const blocking = await seriousAxeViolations(page);
        expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
      });
    });
  }
});
