// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18nOptions, localeResources } from './i18n';
import { DETECTION_ORDER, type DetectionSource, languageDetector } from './language-detector';

/**
 * The language detection, run against the browser's real storage, cookies, URL,
 * navigator and <html lang> (jsdom), through a fresh i18next instance with the app's options.
 */

function setSource(source: DetectionSource, value: string): void {
  switch (source) {
    case 'querystring':
      window.history.replaceState(null, '', `/login?lng=${value}`);
      break;
    case 'cookie':
      document.cookie = `i18next=${value}; path=/`;
      break;
    case 'localStorage':
      window.localStorage.setItem('i18nextLng', value);
      break;
    case 'sessionStorage':
      window.sessionStorage.setItem('i18nextLng', value);
      break;
    case 'navigator':
      setNavigatorLanguages([value]);
      break;
    case 'htmlTag':
      document.documentElement.setAttribute('lang', value);
      break;
  }
}

function setNavigatorLanguages(languages: string[]): void {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0] ?? '', configurable: true });
}

function clearAllSources(): void {
  window.history.replaceState(null, '', '/login');
  document.cookie = 'i18next=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.localStorage.clear();
  window.sessionStorage.clear();
  setNavigatorLanguages([]);
  document.documentElement.removeAttribute('lang');
}

async function detectedLanguage(): Promise<string | undefined> {
  const instance = i18next.createInstance();
  await instance.use(languageDetector).init(i18nOptions());
  return instance.resolvedLanguage;
}

beforeEach(clearAllSources);
afterEach(clearAllSources);

describe('language detection', () => {
  const order = DETECTION_ORDER;

  it('asks, in order: query lng, cookie i18next, localStorage i18nextLng, sessionStorage, browser languages, html lang', () => {
    expect(order).toEqual(['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag']);
  });

  for (const [index, source] of order.entries()) {
    it(`lets ${source} win over every later source`, async () => {
      for (const [winner, loser] of [
        ['ru', 'en'],
        ['en', 'ru'],
      ] as const) {
        clearAllSources();
        setSource(source, winner);
        for (const later of order.slice(index + 1)) setSource(later, loser);
        expect(await detectedLanguage(), `${source}=${winner}`).toBe(winner);
      }
    });
  }

  it('falls back to English when nothing says otherwise, and for languages it does not have', async () => {
    expect(await detectedLanguage()).toBe('en');
    setNavigatorLanguages(['de-DE', 'de']);
    expect(await detectedLanguage()).toBe('en');
  });

  it('understands regional browser languages such as ru-RU', async () => {
    setNavigatorLanguages(['ru-RU', 'en-US']);
    expect(await detectedLanguage()).toBe('ru');
  });

  it('caches the detected language in localStorage, where it wins next time', async () => {
    setSource('querystring', 'ru');
    expect(await detectedLanguage()).toBe('ru');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ru');

    window.history.replaceState(null, '', '/login');
    setNavigatorLanguages(['en-US']);
    expect(await detectedLanguage()).toBe('ru');
  });

  it('caches a language the user switches to', async () => {
    const instance = i18next.createInstance();
    await instance.use(languageDetector).init(i18nOptions());
    await instance.changeLanguage('ru');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ru');
  });

  it('discards values that look like script injection and uses the next source', async () => {
    const attacks = [
      '<script>alert(1)</script>',
      '%3Cscript%3Ealert(1)%3C/script%3E',
      '"onmouseover="alert(1)',
      'en"><img src=x onerror=alert(1)>',
      'javascript:alert(1)',
    ];
    for (const attack of attacks) {
      clearAllSources();
      window.history.replaceState(null, '', `/login?lng=${attack}`);
      window.localStorage.setItem('i18nextLng', attack);
      window.sessionStorage.setItem('i18nextLng', attack);
      setNavigatorLanguages(['ru-RU']);
      expect(await detectedLanguage(), attack).toBe('ru');
      expect(window.localStorage.getItem('i18nextLng'), attack).toBe('ru-RU');
    }
  });

  it('discards an injection-looking cookie too', async () => {
    document.cookie = `i18next=${encodeURIComponent('<svg onload=alert(1)>')}; path=/`;
    document.documentElement.setAttribute('lang', 'ru');
    expect(await detectedLanguage()).toBe('ru');
  });

  it('reads the language cookie among others, not a cookie whose name merely ends the same', async () => {
    document.cookie = 'not_i18next=en; path=/';
    document.cookie = 'i18next=ru; path=/';
    document.cookie = 'theme=dark; path=/';
    expect(await detectedLanguage()).toBe('ru');
    document.cookie = 'not_i18next=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    document.cookie = 'theme=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('still detects when the browser blocks storage, and does not fail to cache', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const local = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    const session = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'localStorage', { get: blocked, configurable: true });
    Object.defineProperty(window, 'sessionStorage', { get: blocked, configurable: true });
    try {
      setNavigatorLanguages(['ru-RU']);
      expect(await detectedLanguage()).toBe('ru');
    } finally {
      Object.defineProperty(window, 'localStorage', local);
      Object.defineProperty(window, 'sessionStorage', session);
    }
  });
});

describe('locale files', () => {
  it('has English for every namespace and Russian beside it (every key: locales/locales.test.ts)', () => {
    const resources = localeResources();
    expect(Object.keys(resources.en ?? {})).toEqual(expect.arrayContaining(['common', 'auth']));
    const ruAuth = resources.ru?.auth as { login: Record<string, unknown> };
    expect(ruAuth.login.submit).toBe('Войти');
    expect((resources.ru?.common as Record<string, string>).balance).toBe('Баланс:');
    expect((resources.en?.common as Record<string, string>).balance).toBe('Balance:');
  });
});
