import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isServerTextCode, type CodedText } from '@shared/coded-text';
import { isAppError } from '@shared/errors';
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

/** An error's message for a toast: the server's coded text in the reader's language, else its message. */
export function useErrorText(): (error: unknown) => string {
  const { word } = useServerText();
  return useCallback(
    (error: unknown) =>
      isAppError(error) && error.text && isServerTextCode(error.text.code)
        ? word(error.text)
        : error instanceof Error
          ? error.message
          : String(error),
    [word],
  );
}
