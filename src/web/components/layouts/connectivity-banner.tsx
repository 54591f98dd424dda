import { SignalLow, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '@web/lib/use-connectivity';

/**
 * The connectivity banner, on every screen: offline, or online on a 2g /
 * slow-2g connection. A screen may say more about being offline (the session screen promises the
 * automatic reconnect) with `offlineText`.
 */
export function ConnectivityBanner({ offlineText }: { offlineText?: string }) {
  const { t } = useTranslation();
  const connectivity = useConnectivity();
  if (connectivity === 'online') return null;
  const offline = connectivity === 'offline';
  const Icon = offline ? WifiOff : SignalLow;
  const text = offline ? (offlineText ?? t('connectivity.offline')) : t('connectivity.slow');
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-2 px-4 py-2 text-center text-sm ${offline ? 'bg-destructive text-destructive-foreground' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'}`}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
