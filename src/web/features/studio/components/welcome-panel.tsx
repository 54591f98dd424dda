import { Lightbulb, Palette, Type, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const TIPS = [
  { key: 'upload', icon: Upload },
  { key: 'describe', icon: Type },
  { key: 'styles', icon: Palette },
  { key: 'refine', icon: Lightbulb },
] as const;

/** Shown on a new session (spec section 2): a greeting and four tips cards. */
export function WelcomePanel() {
  const { t } = useTranslation('studio');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-6 py-8 text-center" aria-labelledby="welcome-title">
      <div>
        <h2 id="welcome-title" className="text-xl font-bold">
          {t('welcome.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('welcome.subtitle')}</p>
      </div>
      <ul className="grid w-full gap-3 sm:grid-cols-2">
        {TIPS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3 rounded-xl border p-4 text-left">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="text-sm font-semibold">{t(`welcome.tips.${key}.title`)}</h3>
              <p className="mt-1 text-xs text-muted-foreground">{t(`welcome.tips.${key}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
