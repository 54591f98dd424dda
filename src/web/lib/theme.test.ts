// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readThemePreference, resolvesDark, setThemePreference, THEME_STORAGE_KEY } from './theme';

afterEach(() => localStorage.clear());

describe('theme', () => {
  it('follows the system setting until light or dark is chosen', () => {
    expect(resolvesDark('system', true)).toBe(true);
    expect(resolvesDark('system', false)).toBe(false);
    expect(resolvesDark('light', true)).toBe(false);
    expect(resolvesDark('dark', false)).toBe(true);
  });

  it('remembers a choice in this browser and forgets it on system', () => {
    setThemePreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemePreference()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    setThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(readThemePreference()).toBe('system');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '<script>');
    expect(readThemePreference()).toBe('system');
    applyTheme('light');
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });
});
