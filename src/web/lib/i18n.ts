import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector';

/**
 * English is the fallback; Russian covers every text (beyond the product's first list, which named
 * only the login and balance texts: decision 018, enforced by locales/locales.test.ts).
 * Each feature keeps its texts in `locales/<lng>/<namespace>.json`.
 */
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * The first page needs only these namespaces, in English (the fallback); the rest (auth, studio,
 * billing, legal...) and every Russian file load with the screens that use them, keeping the
 * landing page's download small (its budget: docs/benchmarks.md).
 */
export const EAGER_NAMESPACES = ['common', 'navigation', 'marketing'] as const;

const eagerFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/en/common.json', '../locales/en/navigation.json', '../locales/en/marketing.json'],
  {
    eager: true,
    import: 'default',
  },
);
const lazyFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/navigation.json', '!../locales/en/marketing.json'],
  {
    import: 'default',
  },
);
/**
 * The `server` namespace words the codes the server sends; it lives in src/shared because the
 * server words the same English for API clients.
 */
const sharedLazyFiles = import.meta.glob<Record<string, unknown>>('../../shared/locales/*/*.json', { import: 'default' });
for (const [file, load] of Object.entries(sharedLazyFiles)) lazyFiles[file.replace('../../shared/locales/', '../locales/')] = load;
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
  void i18n.use(languageDetector).use(lazyNamespaces).use(initReactI18next).init(i18nOptions());
  return i18n;
}

/**
 * Only English is bundled with the first page. For a visitor in another language, its texts of
 * the first page's namespaces load before the first render, so the page never shows English
 * first (nor resolves to English because only English was there).
 */
export async function firstPageLanguageReady(): Promise<void> {
  const instance = initI18n();
  const wanted = instance.languages?.[0];
  if (!wanted || wanted === 'en' || instance.hasResourceBundle(wanted, 'common')) return;
  await instance.loadNamespaces([...EAGER_NAMESPACES]);
  await instance.changeLanguage(wanted);
}

export { i18n };
