import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@web/lib/i18n';
import { cn } from '@web/lib/cn';

/** EN / RU; the choice is cached in localStorage by the language detector. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('auth');
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <div role="group" aria-label={t('language.label')} className="inline-flex rounded-lg border p-0.5 text-xs font-medium">
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          title={t(`language.${lng}Name`)}
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
          className={cn(
            'rounded-md px-2.5 py-1 transition-colors',
            current === lng ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
          )}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
