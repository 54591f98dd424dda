import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SHEET_CLOSE_MS, SHEET_OPEN_MS } from '@shared/constants';
import { cn } from '@web/lib/cn';
import { useFocusReturnWhenOpen } from '@web/lib/use-focus-return';
import './sheet.css';

export type SheetSide = 'right' | 'bottom';

const timing = { '--sheet-open-ms': `${SHEET_OPEN_MS}ms`, '--sheet-close-ms': `${SHEET_CLOSE_MS}ms` } as CSSProperties;

const panelClasses: Record<SheetSide, string> = {
  bottom: 'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl border-t pb-[max(1rem,env(safe-area-inset-bottom))]',
  right: 'inset-y-0 right-0 h-full w-[min(22rem,85vw)] border-l',
};

/**
 * A modal panel that slides in from an edge: drawers come from the right unless told otherwise,
 * the mobile navigation sheets from the bottom.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  side = 'right',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: SheetSide;
  children: ReactNode;
}) {
  const { t } = useTranslation('navigation');
  const { pathname } = useLocation();
  // The page the sheet was opened on: a link in the sheet that leads elsewhere leaves focus to the
  // new page's heading, instead of the closing sheet putting it back on the button that opened it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  if (open && openedOn === null) setOpenedOn(pathname);
  const focusReturn = useFocusReturnWhenOpen(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/50" style={timing} />
        <Dialog.Content
          data-side={side}
          aria-describedby={undefined}
          style={timing}
          onCloseAutoFocus={(event) => {
            if (openedOn !== pathname) event.preventDefault();
            else focusReturn.onCloseAutoFocus(event);
            setOpenedOn(null);
          }}
          className={cn(
            'sheet-panel fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background p-4 shadow-xl focus:outline-none',
            panelClasses[side],
          )}
        >
          {side === 'bottom' && <div aria-hidden="true" className="mx-auto h-1.5 w-12 shrink-0 rounded-full bg-muted" />}
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="inline-flex h-9 w-9 items-center justify-center rounded-lg hover:bg-muted" aria-label={t('close')}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
