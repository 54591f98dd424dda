import { SignalLow, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../hooks/use-connectivity';

/**
 * The connectivity banner of spec section 4: offline, or online on a 2g / slow-2g connection.
 * Inside a session the offline text promises the automatic reconnect (spec section 2).
 */
export function ConnectivityBanner({ variant = 'app' }: { variant?: 'app' | 'session' }) {
  const { t } = useTranslation('studio');
  const connectivity = useConnectivity();
  if (connectivity === 'online') return null;
  const offline = connectivity === 'offline';
  const Icon = offline ? WifiOff : SignalLow;
  const text = offline ? (variant === 'session' ? t('session.offline') : t('connectivity.offline')) : t('connectivity.slow');
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-2 px-4 py-2 text-center text-sm ${offline ? 'bg-destructive text-destructive-foreground' : 'bg-amber-100 text-amber-900'}`}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
