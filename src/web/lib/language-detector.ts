import type { LanguageDetectorModule } from 'i18next';

/**
 * The spec's language detection (section 4) as an i18next detector: query parameter `lng`, cookie
 * `i18next`, local storage `i18nextLng`, session storage `i18nextLng`, the browser's languages,
 * then `<html lang>`; the result is cached in local storage. It replaces
 * i18next-browser-languagedetector, which carries eight detectors and their options (2.2 KB of the
 * landing page's gzipped JavaScript) where this page needs these six (decision 022).
 */
export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'] as const;
export type DetectionSource = (typeof DETECTION_ORDER)[number];

export const LANGUAGE_QUERY_PARAMETER = 'lng';
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * A language code may carry script and region subtags (`zh-Hans-CN`, `en_US`); markup, quotes,
 * spaces, `%`, slashes and `=` may not, so a value planted in the URL, a cookie or storage can
 * never reach `<html lang="...">` as anything but a code (the same rule as the library's 8.3).
 */
export function isSafeLanguageCode(code: unknown): code is string {
  return (
    typeof code === 'string' &&
    /^[A-Za-z0-9_@.-]{1,128}$/.test(code) &&
    !code.includes('..') &&
    !['__proto__', 'constructor', 'prototype'].includes(code)
  );
}

/** Storage and cookies throw when the browser blocks them (private modes, strict settings): then they hold nothing. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

const readers: Record<DetectionSource, () => string | readonly string[] | null | undefined> = {
  querystring: () => new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAMETER),
  cookie: () =>
    attempt(() =>
      document.cookie
        .split('; ')
        .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
        ?.slice(LANGUAGE_COOKIE.length + 1),
    ),
  localStorage: () => attempt(() => window.localStorage.getItem(LANGUAGE_STORAGE_KEY)),
  sessionStorage: () => attempt(() => window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)),
  navigator: () => (navigator.languages?.length ? navigator.languages : navigator.language),
  htmlTag: () => document.documentElement.getAttribute('lang'),
};

/** Every language the sources name, best first; i18next picks the first it supports. */
export function detectLanguages(): string[] {
  return DETECTION_ORDER.flatMap((source) => readers[source]() ?? []).filter(isSafeLanguageCode);
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage(language) {
    attempt(() => window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language));
  },
};
