import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { originHeader, signUpInto } from './support/accounts';

/**
 * What the server writes — a reply's note, a failure reply, ledger lines — reaches a Russian reader
 * in Russian: the server sends codes and the app words them. Switching the language re-words
 * replies already in the chat.
 */
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('server texts for a Russian reader', () => {
  it(
    'shows the reply note, a failure reply, the ledger lines and an error toast in Russian, and re-words an old reply in English after a switch',
    { timeout: 150_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await signUpInto(context, 'ru-server-texts');
      await page.goto('/session/new?lng=ru');
      const composer = page.getByRole('textbox', { name: 'Сообщение' });
      // An English request: the reply's language follows the reader, not the request.
      await composer.fill('a lighthouse on a cliff at sunset');
      await composer.press('Enter');
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      const replies = page.locator('li[data-message-id][data-role="system"]');
      const note = replies.filter({ hasText: 'Нарисована сцена:' });
      await note.first().waitFor({ timeout: 60_000 });
      expect(await note.first().innerText()).not.toContain('Made with');

      // An edit the engine cannot do (the picture has no such text): charged, refused, refunded.
      await composer.fill('replace the text "nowhere" with "Iceland"');
      await composer.press('Enter');
      const failure = replies.filter({
        hasText: 'К сожалению, изображение не удалось сделать: Надписи «nowhere» на фото нет, поэтому ничего не изменено.',
      });
      await failure.first().waitFor({ timeout: 60_000 });
      expect(await failure.first().innerText()).toContain('Оплата возвращена (возвращено 1 бесплатное изображение).');
      expect(await failure.first().innerText()).not.toMatch(/Sorry|refunded/);

      // The same replies, re-worded in English once the reader switches.
      const sessionPath = new URL(page.url()).pathname;
      await page.goto(`${sessionPath}?lng=en`);
      await replies.filter({ hasText: 'Drew a scene of' }).first().waitFor();
      await replies
        .filter({ hasText: 'Sorry, the image could not be made: There is no “nowhere” in the photo, so nothing was changed.' })
        .first()
        .waitFor();
      expect(await page.getByText('Нарисована сцена').count()).toBe(0);

      // Ledger lines on the account page, in Russian again.
      await page.goto('/account?lng=ru');
      await page.getByRole('tab', { name: 'Расходы' }).click();
      await page.getByText('Возврат за неудавшуюся генерацию').waitFor();
      await expect.poll(() => page.getByText('Создано 1 изображение (бесплатно)').count()).toBe(2);
      expect(await page.getByText(/Generated|Refund for/).count()).toBe(0);

      // An error answer's toast: the image is deleted elsewhere (another tab) before this one deletes it.
      const generated = (await (await context.request.get('/api/user-files?kind=generated&limit=12')).json()) as {
        images: Array<{ id: string }>;
      };
      const imageId = generated.images[0]!.id;
      await page.goto('/library?lng=ru');
      const card = page.locator(`figure[data-image-id="${imageId}"]`);
      await card.waitFor();
      expect((await context.request.delete(`/api/user-files/${imageId}`, { headers: originHeader() })).status()).toBe(204);
      await card.getByRole('button', { name: 'Удалить изображение' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить', exact: true }).click();
      await page.getByText('Не удалось удалить', { exact: true }).waitFor();
      await page.getByText('Файл не найден', { exact: true }).waitFor();
      expect(await page.getByText('File not found').count()).toBe(0);
      await context.close();
    },
  );

  it(
    'shows the suggestion chips of an uploaded photo in Russian, and a chip fills in a Russian request',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await signUpInto(context, 'ru-suggestions');
      await page.goto('/session/new?lng=ru');
      await page.getByTestId('composer-file-input').setInputFiles([path.join(fixtures, 'photos/Portrait_6.jpg')]);
      const chips = page.getByRole('group', { name: 'Предлагаемые действия' }).getByRole('button');
      await chips.first().waitFor({ timeout: 60_000 });
      const titles = await chips.allTextContents();
      // Every photo gets the cartoon chip; none of the chips is English.
      expect(titles).toContain('Мультфильм');
      for (const title of titles) expect(title).toMatch(/[а-яё]/i);
      await chips.filter({ hasText: 'Мультфильм' }).click();
      expect(await page.getByRole('textbox', { name: 'Сообщение' }).inputValue()).toBe('Преврати фото в мультяшную картинку.');
      await context.close();
    },
  );
});

/**
 * Every text node of a screen, walked in the page: what is left once names (the brand, the user's
 * e-mail, prices, ratios, model names the operator chose) are taken out must hold no English word.
 */
async function englishTextNodes(page: Page, allowed: readonly string[]): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, svg, [aria-hidden="true"]')) continue;
      const text = node.textContent?.trim() ?? '';
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return texts.filter((text) => {
    // Image file names (the user's words, hyphenated) and the toasts' hot key are names, not English.
    const rest = allowed
      .reduce((left, name) => left.replaceAll(name, ''), text)
      .replace(/\S+\.(jpe?g|png|webp)\b/gi, '')
      .replace('alt+T', '');
    return /\b[A-Za-z]{3,}\b/.test(rest);
  });
}

describe('the Russian DOM walk', () => {
  it(
    'leaves no English text node on the studio, billing and account screens of a user with a reply and a failure',
    { timeout: 150_000 },
    async () => {
      const { context, page } = await newPage(browser);
      const { email, name } = await signUpInto(context, 'ru-walk');
      const prices = (await (await context.request.get('/api/stripe/prices/default')).json()) as Array<{ nickname: string | null }>;
      const allowed = [
        'PhotoMuse',
        email,
        name,
        ...prices.flatMap((price) => (price.nickname ? [price.nickname] : [])),
        'PNG',
        'JPEG',
        'JPG',
        'WEBP',
        'USD',
        'ESRGAN',
        'ZIP',
        'JSON',
        'CSV',
        'UTC',
        'e-mail',
      ];
      await page.goto('/session/new?lng=ru');
      const composer = page.getByRole('textbox', { name: 'Сообщение' });
      await composer.fill('маяк на скале на закате');
      await composer.press('Enter');
      await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
      const replies = page.locator('li[data-message-id][data-role="system"]');
      await replies.filter({ hasText: 'Нарисована сцена:' }).first().waitFor({ timeout: 60_000 });
      await composer.fill('замени «OPEN» на «CLOSED»');
      await composer.press('Enter');
      await replies.filter({ hasText: 'К сожалению' }).first().waitFor({ timeout: 60_000 });
      const sessionPath = new URL(page.url()).pathname;
      // The user's own requests are their words, not the app's.
      const own = ['маяк на скале на закате', 'замени «OPEN» на «CLOSED»', 'OPEN'];
      expect({ screen: sessionPath, english: await englishTextNodes(page, [...allowed, ...own]) }).toEqual({
        screen: sessionPath,
        english: [],
      });
      for (const [route, text] of [
        ['/studio', 'маяк на скале на закате'],
        ['/billing', 'Текущий баланс'],
        ['/account', 'Пополнения'],
      ] as const) {
        await page.goto(route);
        await page.getByText(text).first().waitFor();
        if (route === '/account') await page.getByRole('tab', { name: 'Расходы' }).click();
        expect({ screen: route, english: await englishTextNodes(page, [...allowed, ...own]) }).toEqual({ screen: route, english: [] });
      }
      await context.close();
    },
  );
});
