import { useSyncExternalStore } from 'react';

/** The Network Information API; Chromium only, so every use is optional. */
interface NetworkInformation extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

export type Connectivity = 'online' | 'offline' | 'slow';

/** Spec section 4: offline, or online but slow (an effective type of 2g or slow-2g). */
export function readConnectivity(): Connectivity {
  if (!navigator.onLine) return 'offline';
  const type = connection()?.effectiveType;
  return type === '2g' || type === 'slow-2g' ? 'slow' : 'online';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const info = connection();
  info?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    info?.removeEventListener('change', onChange);
  };
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, readConnectivity, () => 'online');
}
