import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodedText } from '@shared/coded-text';
import { wordCodedText, wordCodedTexts, type Translate } from '@shared/coded-text-wording';

/**
 * The server sends what it means as codes and parameters; components word them in the reader's
 * language from the `server` namespace. Stored messages keep their codes, so switching the language
 * re-words them.
 */
export function useServerText(): { word: (texts: CodedText | readonly CodedText[]) => string; ready: boolean } {
  const { t, ready } = useTranslation('server');
  const word = useCallback(
    (texts: CodedText | readonly CodedText[]) => {
      const translate = t as unknown as Translate;
      return Array.isArray(texts) ? wordCodedTexts(translate, texts as readonly CodedText[]) : wordCodedText(translate, texts as CodedText);
    },
    [t],
  );
  return { word, ready };
}
