import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { useRetentionTexts } from '@web/lib/retention-texts';

/** The product's statements on files and content, shown before anyone signs up. */
export const RESPONSIBLE_AI_STATEMENTS = ['notStored', 'uploadsDeleted', 'publiclyAccessible', 'prohibited'] as const;

export function ResponsibleAiNotice() {
  const { t } = useTranslation('marketing');
  const retention = useRetentionTexts();
  return (
    <section aria-labelledby="responsible-ai-heading" className="px-4 py-16">
      <div className="mx-auto max-w-3xl rounded-2xl border-2 border-primary/20 bg-background p-6 sm:p-8">
        <h2 id="responsible-ai-heading" className="flex items-center gap-3 text-2xl font-bold">
          <ShieldCheck aria-hidden="true" className="size-7 shrink-0 text-primary" />
          {t('responsibleAi.heading')}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm sm:text-base">
          {RESPONSIBLE_AI_STATEMENTS.map((key) => (
            <li key={key}>{t(`responsibleAi.${key}`, retention)}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">
          {t('responsibleAi.moreIn')}{' '}
          <Link to={paths.terms.getHref()} className="font-medium text-primary underline underline-offset-4">
            {t('responsibleAi.termsLink')}
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
