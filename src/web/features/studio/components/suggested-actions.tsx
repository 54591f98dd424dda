import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuggestedAction } from '@shared/studio';
import { useServerText } from '@web/lib/server-text';

/** Past three chips the strip scrolls, and its edges fade to say so. */
const FADE_AFTER = 3;

interface SuggestedActionsProps {
  actions: readonly SuggestedAction[];
  onPick: (action: SuggestedAction) => void;
  disabled: boolean;
}

export function SuggestedActions({ actions, onPick, disabled }: SuggestedActionsProps) {
  const { t } = useTranslation('studio');
  const { word } = useServerText();
  const titleId = useId();
  if (actions.length === 0) return null;
  // A chip the server sent as codes reads, and fills in its request, in the reader's language.
  const worded = (action: SuggestedAction): SuggestedAction =>
    action.title_code && action.description_code
      ? { ...action, title: word(action.title_code), description: word(action.description_code) }
      : action;
  const fade = actions.length > FADE_AFTER;
  return (
    <div role="group" aria-labelledby={titleId} className="flex flex-col gap-1.5" data-fade={fade}>
      <h2 id={titleId} className="text-xs font-semibold text-muted-foreground">
        {t('composer.suggestedActions')}
      </h2>
      <div className="relative">
        <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none]">
          {actions.map(worded).map((action) => (
            <li key={action.title} className="shrink-0">
              <button
                type="button"
                disabled={disabled}
                title={action.description}
                onClick={() => onPick(action)}
                className="rounded-full border bg-background px-3 py-1.5 text-xs font-medium whitespace-nowrap transition-colors hover:border-primary hover:bg-muted disabled:pointer-events-none disabled:opacity-50"
              >
                {action.title}
              </button>
            </li>
          ))}
        </ul>
        {fade && (
          <>
            <div
              className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-background to-transparent"
              aria-hidden="true"
            />
            <div
              className="pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-background to-transparent"
              aria-hidden="true"
            />
          </>
        )}
      </div>
    </div>
  );
}
