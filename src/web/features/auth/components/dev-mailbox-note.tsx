import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { devPaths } from '@shared/paths';
import { usePublicConfig } from '@web/lib/public-config';
import { textLinkClasses } from './auth-card';

/** Without a mail server (development), mails wait in the dev mailbox: say so where users wait for one. */
export function DevMailboxNote() {
  const { t } = useTranslation('auth');
  const { devMailbox } = usePublicConfig();
  if (!devMailbox) return null;
  return (
    <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
      {t('checkEmail.devMailbox')}{' '}
      <Link to={devPaths.mailbox.getHref()} className={textLinkClasses}>
        {t('checkEmail.openDevMailbox')}
      </Link>
    </p>
  );
}
