import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Russian on every screen (decision 018): every text that exists in English
 * exists in Russian, with the same placeholders and markup, and Russian has every plural form its
 * grammar needs. A key added in English only fails here.
 */

const LOCALES_DIR = import.meta.dirname;
/** The `server` namespace lives in src/shared (the server words its English too); it is held to the same rules. */
const LOCALE_DIRS = [LOCALES_DIR, path.join(LOCALES_DIR, '../../shared/locales')];
type Texts = Record<string, unknown>;

/** i18next's plural suffixes: English uses one/other, Russian one/few/many/other. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const RUSSIAN_PLURAL_FORMS = ['one', 'few', 'many', 'other'];

function namespaces(lng: string): string[] {
  return LOCALE_DIRS.flatMap((dir) => (existsSync(path.join(dir, lng)) ? readdirSync(path.join(dir, lng)) : []))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

/** A namespace's texts; a missing file holds none (and so fails below, key by key). */
function load(lng: string, ns: string): Texts {
  const file = LOCALE_DIRS.map((dir) => path.join(dir, lng, `${ns}.json`)).find((candidate) => existsSync(candidate)) ?? '';
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Texts) : {};
}

/** 'a.b.c' → text, for every string in the file. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(full, value);
    else if (value && typeof value === 'object') for (const [k, v] of flatten(value as Texts, full)) flat.set(k, v);
    else flat.set(full, String(value));
  }
  return flat;
}

/** Keys with their plural suffix removed, each once. */
const baseKeys = (flat: Map<string, string>) => new Set([...flat.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));

/** What a translation must carry over: {{placeholders}} and <tags> of Trans components. */
function markup(text: string): string[] {
  return [...text.matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?[\w]+\s*\/?>/g)].map((match) => match[0].replace(/\s+/g, '')).sort();
}

const englishNamespaces = namespaces('en');

describe('the Russian texts', () => {
  it('have a file for every English namespace, and no other', () => {
    expect(namespaces('ru')).toEqual(englishNamespaces);
  });

  describe.each(englishNamespaces)('of the %s namespace', (ns) => {
    const english = flatten(load('en', ns));
    const russian = flatten(load('ru', ns));
    const russianBases = baseKeys(russian);

    it('hold every English key', () => {
      const missing = [...baseKeys(english)].filter((key) => !russianBases.has(key));
      expect(missing, `keys in en/${ns}.json missing from ru/${ns}.json`).toEqual([]);
    });

    it('hold no key English does not have', () => {
      const englishBases = baseKeys(english);
      const stale = [...russianBases].filter((key) => !englishBases.has(key));
      expect(stale, `keys in ru/${ns}.json that en/${ns}.json no longer has`).toEqual([]);
    });

    it('have every Russian plural form where English has plurals', () => {
      const pluralBases = new Set(
        [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
      );
      const incomplete = [...pluralBases].flatMap((base) =>
        RUSSIAN_PLURAL_FORMS.filter((form) => !russian.has(`${base}_${form}`)).map((form) => `${base}_${form}`),
      );
      expect(incomplete).toEqual([]);
    });

    it('keep the placeholders and markup of each text, and are not left empty', () => {
      const mismatched: string[] = [];
      const compare = (ruKey: string, expected: string[], ignoreCount: boolean) => {
        const translated = russian.get(ruKey);
        if (translated === undefined) return;
        if (translated.trim() === '') mismatched.push(`${ruKey}: empty`);
        const got = markup(translated).filter((part) => !(ignoreCount && part === '{{count}}'));
        if (JSON.stringify(got) !== JSON.stringify(expected))
          mismatched.push(`${ruKey}: ${JSON.stringify(got)} instead of ${JSON.stringify(expected)}`);
      };
      for (const [key, text] of english) {
        if (!PLURAL_SUFFIX.test(key)) compare(key, markup(text), false);
      }
      // A plural's forms are compared with the English 'other' form; Russian 'one' may name the
      // number in words (as English 'one' may), the other forms must show {{count}}.
      const pluralBases = new Set(
        [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
      );
      for (const base of pluralBases) {
        const expected = markup(english.get(`${base}_other`) ?? '');
        const withoutCount = expected.filter((part) => part !== '{{count}}');
        compare(`${base}_one`, withoutCount, true);
        for (const form of ['few', 'many', 'other']) compare(`${base}_${form}`, expected, false);
      }
      expect(mismatched).toEqual([]);
    });
  });
});
