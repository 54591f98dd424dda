import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { usePublicConfig } from '@web/lib/public-config';

export function HomeRoute() {
  const { t } = useTranslation();
  const { appName } = usePublicConfig();
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{appName}</p>
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('home.headline')}</h1>
      <p className="max-w-xl text-lg text-muted-foreground">{t('home.subhead')}</p>
      <Link to={paths.studio.getHref()} className={buttonClasses('primary', 'lg')}>
        {t('home.startCreating')}
      </Link>
    </main>
  );
}

export default HomeRoute;
