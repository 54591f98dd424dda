import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_SEARCH_MAX_LENGTH } from '@shared/constants';

/** How long typing pauses before the search runs (Enter runs it at once). */
const SEARCH_DELAY_MS = 300;

/**
 * The sessions list's search field: it searches titles and message text after a pause in typing,
 * or at once on Enter; clearing it (or Escape) shows every session again. `value` is the search
 * in effect (the address keeps it, so Back returns to the same results).
 */
export function SessionSearchField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('studio');
  const [typed, setTyped] = useState(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (value === typed.trim()) return;
    const timer = setTimeout(() => search.current(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);
  return (
    <form
      role="search"
      aria-label={t('sessionSearch.label')}
      className="relative w-full sm:max-w-xs"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <input
        type="search"
        value={typed}
        maxLength={SESSION_SEARCH_MAX_LENGTH}
        onChange={(event) => setTyped(event.target.value)}
        aria-label={t('sessionSearch.label')}
        placeholder={t('sessionSearch.placeholder')}
        className="w-full rounded-md border bg-background py-2 pr-3 pl-9 text-sm"
      />
    </form>
  );
}
