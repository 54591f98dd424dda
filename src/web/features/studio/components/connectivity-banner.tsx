import { useTranslation } from 'react-i18next';
import { ConnectivityBanner as AppConnectivityBanner } from '@web/components/layouts/connectivity-banner';

/**
 * The app-wide connectivity banner; inside a session its offline text promises the automatic
 * reconnect. The app shell shows the app variant on every other screen.
 */
export function ConnectivityBanner({ variant = 'app' }: { variant?: 'app' | 'session' }) {
  const { t } = useTranslation('studio');
  return <AppConnectivityBanner offlineText={variant === 'session' ? t('session.offline') : undefined} />;
}
