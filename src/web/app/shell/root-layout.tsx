import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@shared/constants';
import { isStudioArea } from '@shared/paths';
import { useMe } from '@web/features/auth/api/get-me';
import { cn } from '@web/lib/cn';
import { usePublicConfig } from '@web/lib/public-config';
import { useRouteFocus } from '@web/lib/route-focus';
import { SKIP_LINKS_SLOT_ID } from '@web/lib/skip-links-slot';
import { SiteHeader } from './site-header';

// Only signed-in users have the bottom nav: visitors (and the landing page's budget) never load it.
const BottomNav = lazy(() => import('./bottom-nav').then((module) => ({ default: module.BottomNav })));
// The sheets load when first opened, so pages that never open them do not carry their code.
const AccountSheet = lazy(() => import('./account-sheet').then((module) => ({ default: module.AccountSheet })));
const MoreSheet = lazy(() => import('./more-sheet').then((module) => ({ default: module.MoreSheet })));
// Toasts answer interactions, never the first paint: their code loads when it may be needed
// (see useToasterWanted). A toast asked for before the Toaster mounted still shows: sonner
// replays it.
// Signed in: a toast when a reply finishes in a session other than the one on screen.
const WorkingRepliesWatcher = lazy(() =>
  import('@web/features/studio/components/working-replies-watcher').then((module) => ({ default: module.WorkingRepliesWatcher })),
);
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

const INTERACTION_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Signed-in screens toast on their own (a chat reply that failed); a signed-out visitor's only
 * toasts follow a tap or a key press (copying a sample's prompt). So the Toaster mounts once
 * somebody is signed in or at the visitor's first interaction, and then stays.
 */
function useToasterWanted(signedIn: boolean): boolean {
  const [wanted, setWanted] = useState(signedIn);
  if (signedIn && !wanted) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const onInteraction = () => setWanted(true);
    for (const event of INTERACTION_EVENTS) window.addEventListener(event, onInteraction, { capture: true, passive: true });
    return () => {
      for (const event of INTERACTION_EVENTS) window.removeEventListener(event, onInteraction, { capture: true });
    };
  }, [wanted]);
  return wanted;
}

/** Scroll resets to the top on every route change. */
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

type OpenSheet = 'account' | 'more' | null;

const TOAST_EDGE_OFFSET_PX = 16;
/** Toasts on phones sit above the bottom nav (64 px) instead of covering it. */
const BOTTOM_NAV_CLEARANCE_PX = 80;

export function RootLayout() {
  const { t } = useTranslation();
  const { appName } = usePublicConfig();
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const toasterWanted = useToasterWanted(Boolean(me));
  useRouteFocus();
  const [openSheet, setOpenSheet] = useState<OpenSheet>(null);
  // Once opened, a sheet stays mounted so that closing can animate.
  const [openedSheets, setOpenedSheets] = useState<ReadonlySet<Exclude<OpenSheet, null>>>(new Set());
  const showSheet = (sheet: Exclude<OpenSheet, null>) => {
    setOpenedSheets((opened) => (opened.has(sheet) ? opened : new Set(opened).add(sheet)));
    setOpenSheet(sheet);
  };
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  // The studio's session pages bring their own composer at the bottom of the screen.
  const showBottomNav = Boolean(me) && !isStudioArea(pathname);
  const sheetProps = (sheet: Exclude<OpenSheet, null>) => ({
    open: openSheet === sheet,
    onOpenChange: (open: boolean) => (open ? showSheet(sheet) : setOpenSheet(null)),
  });
  return (
    <>
      <ScrollToTop />
      {/* First in the Tab order: a screen's skip links are put here (see SkipLinks). */}
      <div id={SKIP_LINKS_SLOT_ID} />
      <SiteHeader onOpenMore={() => showSheet('more')} />
      <div className={cn(showBottomNav && 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0')}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        {me && showBottomNav && <BottomNav onOpenAccount={() => showSheet('account')} onOpenMore={() => showSheet('more')} />}
      </Suspense>
      <Suspense fallback={null}>
        {me && openedSheets.has('account') && <AccountSheet me={me} {...sheetProps('account')} />}
        {openedSheets.has('more') && <MoreSheet me={me ?? null} {...sheetProps('more')} />}
      </Suspense>
      <Suspense fallback={null}>{me?.termsAcceptedAt && <WorkingRepliesWatcher />}</Suspense>
      <Suspense fallback={null}>
        {toasterWanted && (
          <Toaster
            position="bottom-right"
            duration={TOAST_DURATION_MS}
            visibleToasts={TOAST_VISIBLE_MAX}
            richColors
            closeButton
            containerAriaLabel={t('toasts.label')}
            toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
            mobileOffset={{ bottom: showBottomNav ? BOTTOM_NAV_CLEARANCE_PX : TOAST_EDGE_OFFSET_PX }}
          />
        )}
      </Suspense>
    </>
  );
}
