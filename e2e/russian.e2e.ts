import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { openContext, signUpInto, uniqueEmail } from './support/accounts';

/**
 * Russian on every screen (decision 018): with ?lng=ru no screen shows a text of
 * the English locale files (their Russian differs), visible or for screen readers.
 */

const localesDir = path.resolve(import.meta.dirname, '../src/web/locales');
const sharedLocalesDir = path.resolve(import.meta.dirname, '../src/shared/locales');

function strings(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, prefix ? `${prefix}.${key}` : key));
  return [];
}

/** English texts that must not show on a Russian screen: whole sentences and labels, not names. */
function englishOnlyTexts(): string[] {
  const texts = new Set<string>();
  // The server's codes are worded from src/shared's `server` namespace: its English must not show either.
  for (const [dir, file] of [
    ...readdirSync(path.join(localesDir, 'en')).map((file) => [localesDir, file]),
    [sharedLocalesDir, 'server.json'],
  ] as const) {
    const english = new Map(strings(JSON.parse(readFileSync(path.join(dir, 'en', file), 'utf8'))));
    const russian = new Map(strings(JSON.parse(readFileSync(path.join(dir, 'ru', file), 'utf8'))));
    for (const [key, text] of english) {
      // Texts with placeholders or markup are checked by their fixed parts in the unit test.
      if (text.includes('{{') || text.includes('<') || text.length < 4) continue;
      if (russian.get(key) === text) continue;
      texts.add(text);
    }
  }
  return [...texts];
}

const ENGLISH = englishOnlyTexts();

/** `except`: data the server sends as it is stored, such as the payment provider's package names. */
async function englishOn(page: Page, except: readonly string[] = []): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // The landing samples' prompts (in <q>) stay English on purpose: they made the pictures shown.
  const text = await page.evaluate(() => {
    const prompts = [...document.querySelectorAll('q')].map((q) => q.innerText);
    return prompts.reduce((rest, prompt) => rest.replaceAll(prompt, ''), document.body.innerText);
  });
  return ENGLISH.filter((english) => text.includes(english) && !except.includes(english));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('?lng=ru', () => {
  it('shows the sign-up screen, both its steps, and the other public screens in Russian only', async () => {
    const context = await openContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/signup?lng=ru');
    await page.getByRole('heading', { name: 'Создайте аккаунт' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByText('Введите адрес электронной почты', { exact: true }).waitFor();
    await page.getByLabel('Электронная почта').fill(uniqueEmail('ru-signup'));
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('button', { name: 'Создать аккаунт' }).waitFor();
    expect(await englishOn(page)).toEqual([]);

    for (const [route, heading] of [
      ['/', 'Преображайте фото в разговоре с ИИ'],
      ['/login', 'С возвращением'],
      ['/forgot-password', 'Забыли пароль?'],
      ['/about', 'О PhotoMuse'],
      ['/terms', 'Условия использования'],
      ['/privacy', 'Политика конфиденциальности'],
      ['/refund', 'Политика возврата и отмены'],
      ['/no-such-page', 'Ой! Страница не найдена.'],
    ] as const) {
      await page.goto(route);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      expect({ route, english: await englishOn(page) }).toEqual({ route, english: [] });
    }
    await context.close();
  });

  it.each(['desktop', 'phone'] as const)('shows every signed-in screen in Russian only (%s)', async (viewport) => {
    const context = await openContext(browser, viewport);
    await signUpInto(context, `ru-${viewport}`);
    const page = await context.newPage();
    // Package names are the payment provider's price nicknames, shown as the operator set them.
    const prices = (await (await context.request.get('/api/stripe/prices/default')).json()) as Array<{ nickname: string | null }>;
    const packageNames = prices.flatMap((price) => (price.nickname ? [price.nickname] : []));
    expect(packageNames.length).toBeGreaterThan(0);
    await page.goto('/studio?lng=ru');
    for (const [route, text] of [
      ['/studio', 'Сессий пока нет'],
      ['/session/new', 'Что вы хотите создать?'],
      ['/library', 'Мои загруженные изображения'],
      ['/billing', 'Текущий баланс'],
      ['/account', 'Пополнения'],
    ] as const) {
      await page.goto(route);
      await page.getByText(text).first().waitFor();
      expect({ route, english: await englishOn(page, packageNames) }).toEqual({ route, english: [] });
    }
    await context.close();
  });
});
