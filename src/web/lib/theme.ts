import { useSyncExternalStore } from 'react';

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** Remembered per browser, like the language. */
export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    // Storage refused (a locked-down browser): the system setting decides.
    return 'system';
  }
}

const systemPrefersDark = (): boolean => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** Whether a preference shows dark, given the system setting. */
export const resolvesDark = (preference: ThemePreference, systemDark: boolean): boolean =>
  preference === 'dark' || (preference === 'system' && systemDark);

/** Puts the theme on <html>: the colours (index.css) and the browser's own controls follow the class. */
export function applyTheme(preference: ThemePreference): void {
  const dark = resolvesDark(preference, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
}

// One setting per page, however many toggles show it.
let current: ThemePreference | null = null;
const listeners = new Set<() => void>();
let followingSystem = false;

const currentPreference = (): ThemePreference => (current ??= readThemePreference());

/** Chooses (and remembers in this browser) the theme; 'system' forgets the choice. */
export function setThemePreference(next: ThemePreference): void {
  try {
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  current = next;
  applyTheme(next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // 'system' follows the system setting as it changes, for as long as the page is open.
  if (!followingSystem && typeof matchMedia === 'function') {
    followingSystem = true;
    matchMedia(DARK_QUERY).addEventListener('change', () => applyTheme(currentPreference()));
  }
  return () => listeners.delete(listener);
}

/** The theme setting of this browser and the way to change it. */
export function useTheme(): { preference: ThemePreference; setPreference: (preference: ThemePreference) => void } {
  const preference = useSyncExternalStore(subscribe, currentPreference, () => 'system' as const);
  return { preference, setPreference: setThemePreference };
}
