import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@web/components/ui/button';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '@web/lib/theme';

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** The next setting a press of 'Theme' chooses: system → light → dark → system. */
export const nextThemePreference = (current: ThemePreference): ThemePreference =>
  THEME_PREFERENCES[(THEME_PREFERENCES.indexOf(current) + 1) % THEME_PREFERENCES.length]!;

/** 'Theme': follows the system setting until the visitor picks light or dark in this browser. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { preference, setPreference } = useTheme();
  const describedBy = useId();
  const Icon = ICONS[preference];
  return (
    <button
      type="button"
      className={buttonClasses('ghost', 'icon', className)}
      aria-label={t('theme.label')}
      aria-describedby={describedBy}
      title={t('theme.current', { theme: t(`theme.${preference}`) })}
      data-theme-preference={preference}
      onClick={() => setPreference(nextThemePreference(preference))}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
      <span id={describedBy} className="sr-only">
        {t('theme.current', { theme: t(`theme.${preference}`) })}
      </span>
    </button>
  );
}
