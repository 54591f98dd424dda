import { Clock, Download, Images, MessagesSquare, Palette, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENTS } from '@shared/constants';

const tiles = [
  { key: 'chat', icon: MessagesSquare },
  { key: 'styles', icon: Palette },
  { key: 'photos', icon: Images },
  { key: 'speed', icon: Clock },
  { key: 'payAsYouGo', icon: Wallet },
  { key: 'download', icon: Download },
] as const;

export function FeatureTiles() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="features-heading" className="bg-muted/50 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-5xl">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          {t('features.heading')}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-2xl border bg-background p-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary" aria-hidden="true">
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`features.${key}.body`, { count: MAX_ATTACHMENTS })}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
