import { useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { SKIP_LINKS_SLOT_ID } from '@web/lib/skip-links-slot';
import { focusComposerField } from '../lib/composer-focus';

const linkClasses =
  'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring';

/**
 * "Skip to the conversation" and "Skip to the message box": the first stops of the page's Tab
 * order (placed before the site header), shown only while focused.
 */
export function SkipLinks({ conversationId, composerId }: { conversationId: string; composerId: string }) {
  const { t } = useTranslation('studio');
  // The slot is in the page before any screen (screens load after the layout is shown).
  const [slot] = useState(() => document.getElementById(SKIP_LINKS_SLOT_ID));

  // Focus moves, not only the scroll position: the next Tab continues from the target.
  const toConversation = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(conversationId)?.focus();
  };
  const toComposer = (event: MouseEvent) => {
    event.preventDefault();
    focusComposerField(composerId);
  };

  const links = (
    <>
      <a href={`#${conversationId}`} onClick={toConversation} className={linkClasses}>
        {t('landmarks.skipToConversation')}
      </a>
      <a href={`#${composerId}`} onClick={toComposer} className={linkClasses}>
        {t('landmarks.skipToComposer')}
      </a>
    </>
  );
  return slot ? createPortal(links, slot) : links;
}
