import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@shared/constants';
import { usePublicConfig } from '@web/lib/public-config';

/** Scroll resets to the top on every route change (spec section 2, Navigation). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
      {t('loading')}
    </div>
  );
}

export function RootLayout() {
  const { appName } = usePublicConfig();
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <Toaster position="bottom-right" duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} richColors closeButton />
    </>
  );
}
