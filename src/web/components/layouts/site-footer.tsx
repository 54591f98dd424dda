import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { supportEmailFor } from '@web/lib/format';
import { usePublicConfig } from '@web/lib/public-config';

const pageLinks = [
  { to: paths.about.getHref(), key: 'about' },
  { to: paths.terms.getHref(), key: 'terms' },
  { to: paths.privacy.getHref(), key: 'privacy' },
  { to: paths.refund.getHref(), key: 'refund' },
] as const;

/** The footer of the landing and static pages (not the studio): legal pages and a way to reach support. */
export function SiteFooter() {
  const { t } = useTranslation('marketing');
  const { appName, appUrl } = usePublicConfig();
  const supportEmail = supportEmailFor(appUrl);
  return (
    <footer className="border-t bg-muted/50 px-4 py-10">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 text-sm sm:flex-row sm:justify-between">
        <p className="text-muted-foreground">{t('footer.copyright', { year: new Date().getFullYear(), appName })}</p>
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {pageLinks.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="text-foreground underline-offset-4 hover:underline">
                  {t(`footer.${link.key}`)}
                </Link>
              </li>
            ))}
            <li>
              <a href={`mailto:${supportEmail}`} className="text-foreground underline-offset-4 hover:underline">
                {t('footer.contact')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
