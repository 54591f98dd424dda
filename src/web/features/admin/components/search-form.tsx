import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fieldClasses } from './action-dialog';

const SEARCH_DELAY_MS = 300;

/**
 * A list's search box: it searches after a pause in typing, or at once on Enter; `children` are
 * the list's other filters beside it. `value` is the search in effect (the address keeps it).
 */
export function SearchForm({
  label,
  placeholder,
  value,
  onSearch,
  children,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState(value ?? '');
  const inputId = useId();
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if ((value ?? '') === typed.trim()) return;
    const timer = setTimeout(() => search.current(typed.trim() || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim() || undefined);
      }}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            id={inputId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={placeholder}
            className={`${fieldClasses} pl-9`}
          />
        </div>
      </div>
      {children}
    </form>
  );
}
