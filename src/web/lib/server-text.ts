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

/**
 * An error's message for a toast: the server's coded text in the reader's language, else its message.
 * It does not suspend while the `server` texts load: it is often first used in a dialog that has just
 * opened, and a suspending dialog hides the page behind it for a moment, which takes the focus off
 * the button that opened it. Until the texts are there, the server's own (English) message is shown.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, ready } = useTranslation('server', { useSuspense: false });
  return useCallback(
    (error: unknown) =>
      ready && isAppError(error) && error.text && isServerTextCode(error.text.code)
        ? wordCodedText(t as unknown as Translate, error.text)
        : error instanceof Error
          ? error.message
          : String(error),
    [t, ready],
  );
}
