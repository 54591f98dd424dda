import { Download, MessageSquareText, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';

const steps = [
  { key: 'upload', icon: Upload },
  { key: 'describe', icon: MessageSquareText },
  { key: 'download', icon: Download },
] as const;

export function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="steps-heading" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-5xl text-center">
        <h2 id="steps-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('steps.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t('steps.subhead')}</p>
        <ol className="mt-10 grid gap-6 text-left sm:grid-cols-3">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex flex-col gap-3 rounded-2xl border bg-background p-6 shadow-sm">
              <span className="flex items-center gap-3">
                <span
                  className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground"
                  aria-hidden="true"
                >
                  <Icon className="size-5" />
                </span>
                <span className="text-sm font-semibold text-primary">{t('steps.stepNumber', { number: index + 1 })}</span>
              </span>
              <h3 className="text-lg font-semibold">{t(`steps.${key}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
        <Link to={paths.studio.getHref()} className={buttonClasses('primary', 'lg', 'mt-10')}>
          {t('steps.cta')}
        </Link>
      </div>
    </section>
  );
}
