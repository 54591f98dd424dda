import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * English is the fallback; Russian covers only the login texts and the balance text (spec 1).
 * Each feature keeps its texts in `locales/<lng>/<namespace>.json`.
 */
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export function localeResources(): Resources {
  const resources: Resources = {};
  for (const [file, texts] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    (resources[lng] ??= {})[ns] = texts;
  }
  return resources;
}

/** The spec's detection order (section 4), cached in localStorage. */
export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
};

export function initI18n() {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: localeResources(),
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      defaultNS: 'common',
      ns: ['common'],
      detection: detectionOptions,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return i18n;
}

export { i18n };
