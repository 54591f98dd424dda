import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { supportEmailFor } from '@web/lib/format';
import { usePublicConfig } from '@web/lib/public-config';
import { useRetentionTexts } from '@web/lib/retention-texts';
import { TextWithEmailLinks } from './linked-text';

export type LegalDocument = 'terms' | 'privacy' | 'refund';

interface LegalSection {
  title: string;
  paragraphs?: string[];
  list?: string[];
}

/** Terms, Privacy and Refund share one shape: a title, the date of the last change and numbered sections. */
export function LegalPage({ document: name }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const { appName, appUrl } = usePublicConfig();
  const supportEmail = supportEmailFor(appUrl);
  const values = { appName, appUrl, supportEmail, ...useRetentionTexts() };
  const title = t(`${name}.title`, values);
  const sections = t(`${name}.sections`, { ...values, returnObjects: true }) as LegalSection[];

  useEffect(() => {
    document.title = `${title} · ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);

  return (
    <>
      <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
        <article>
          <header className="border-b pb-6">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{t(`${name}.lastUpdated`)}</p>
            <p className="mt-4 text-pretty">{t(`${name}.intro`, values)}</p>
          </header>
          <ol className="mt-8 flex flex-col gap-8">
            {sections.map((section, index) => (
              <li key={section.title}>
                <section aria-labelledby={`${name}-section-${index + 1}`}>
                  <h2 id={`${name}-section-${index + 1}`} className="text-xl font-semibold">
                    {index + 1}. {section.title}
                  </h2>
                  {section.paragraphs?.map((paragraph) => (
                    <p key={paragraph} className="mt-3 leading-relaxed text-pretty">
                      <TextWithEmailLinks text={paragraph} email={supportEmail} />
                    </p>
                  ))}
                  {section.list && (
                    <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed">
                      {section.list.map((item) => (
                        <li key={item}>
                          <TextWithEmailLinks text={item} email={supportEmail} />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </li>
            ))}
          </ol>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
