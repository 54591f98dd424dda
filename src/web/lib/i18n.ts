import i18n, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * English is the fallback; Russian covers only the login texts and the balance text (spec 1).
 * Each feature keeps its texts in `locales/<lng>/<namespace>.json`.
 */
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * The first page needs only these namespaces; the rest (auth, studio, billing, legal...) load with
 * the screens that use them, keeping the landing page's download small.
 */
export const EAGER_NAMESPACES = ['common', 'navigation', 'marketing'] as const;

const eagerFiles = import.meta.glob<Record<string, unknown>>(['../locales/*/common.json', '../locales/*/navigation.json', '../locales/*/marketing.json'], {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/navigation.json', '!../locales/*/marketing.json'], {
  import: 'default',
});
const preloaded: Record<string, Record<string, unknown>> = {};

/** Unit tests render any screen at once: their setup loads every namespace up front with this. */
export async function preloadAllNamespaces(): Promise<void> {
  await Promise.all(Object.entries(lazyFiles).map(async ([file, load]) => (preloaded[file] = await load())));
}

/** Loads a namespace that is not bundled with the first page. */
const lazyNamespaces = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, callback: (error: unknown, data: Record<string, unknown> | null) => void) {
    const load = lazyFiles[`../locales/${lng}/${ns}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  },
};

export function localeResources(): Resources {
  const resources: Resources = {};
  for (const [file, texts] of Object.entries({ ...eagerFiles, ...preloaded })) {
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

/** The app's i18next settings; tests start fresh instances with exactly these. */
export function i18nOptions(): InitOptions {
  return {
    resources: localeResources(),
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    defaultNS: 'common',
    ns: ['common'],
    detection: detectionOptions,
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}

export function initI18n() {
  if (i18n.isInitialized) return i18n;
  // Screen readers pronounce the page in the language it is shown in.
  i18n.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', i18n.resolvedLanguage ?? lng);
  });
  void i18n.use(LanguageDetector).use(lazyNamespaces).use(initReactI18next).init(i18nOptions());
  return i18n;
}

export { i18n };
