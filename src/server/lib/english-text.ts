import { createInstance } from 'i18next';
import type { CodedText } from '@shared/coded-text';
import { wordCodedText, wordCodedTexts, type Translate } from '@shared/coded-text-wording';
import englishServerTexts from '@shared/locales/en/server.json';

/**
 * The English wording of coded texts, from the same file the web reads: stored beside the codes
 * (`content_text`, ledger `description`, error `message`) for API clients, exports and logs. People
 * in the app read the codes, worded in their own language.
 */
const english = createInstance();
void english.init({
  lng: 'en',
  resources: { en: { server: englishServerTexts } },
  ns: ['server'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const translate = english.t.bind(english) as unknown as Translate;

export function englishOf(texts: CodedText | readonly CodedText[]): string {
  return Array.isArray(texts) ? wordCodedTexts(translate, texts as readonly CodedText[]) : wordCodedText(translate, texts as CodedText);
}
