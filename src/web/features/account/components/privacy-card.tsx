import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@web/components/ui/button';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * The Account page's "Your data" card: download everything (a zip the server streams, fetched by
 * the browser itself so it is never held in page memory) and delete the account.
 */
/** GET /api/account/export (account.routes.ts): a plain link, so the browser streams the zip to disk. */
const EXPORT_URL = '/api/account/export';

export function PrivacyCard({ onAccountDeleted }: { onAccountDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="account-privacy-title" className="flex flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm">
      <h2 id="account-privacy-title" className="text-xl font-semibold">
        {t('privacy.title')}
      </h2>
      <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-semibold">{t('privacy.exportTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('privacy.exportText')}</p>
        </div>
        <a href={EXPORT_URL} download className={buttonClasses('outline')}>
          <Download className="size-4" aria-hidden="true" />
          {t('privacy.exportAction')}
        </a>
      </div>
      <div className="flex flex-col gap-3 border-t border-destructive/30 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-semibold text-destructive">{t('privacy.deleteTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('privacy.deleteText')}</p>
        </div>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('privacy.deleteAction')}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} onDeleted={onAccountDeleted} />
    </section>
  );
}
