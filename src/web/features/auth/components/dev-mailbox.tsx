import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import type { DevMail } from '@shared/dev-mailbox';
import { useDevMails } from '../api/get-dev-mails';
import { textLinkClasses } from './auth-card';
import { FormAlert } from './form-controls';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** The mail text with its web addresses as links (React escapes everything else). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className={`break-all ${textLinkClasses}`}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function MailItem({ mail, formatTime }: { mail: DevMail; formatTime: (iso: string) => string }) {
  const { t } = useTranslation('auth');
  return (
    <li>
      <article aria-labelledby={`mail-${mail.id}-subject`} className="flex flex-col gap-3 rounded-xl border p-4 sm:p-5">
        <header className="flex flex-col gap-1">
          <h2 id={`mail-${mail.id}-subject`} className="font-semibold">
            {mail.subject}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-muted-foreground">
            <dt>{t('devMailbox.to')}</dt>
            <dd className="break-all">{mail.to}</dd>
            <dt>{t('devMailbox.sentAt')}</dt>
            <dd>
              <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
            </dd>
          </dl>
        </header>
        <p className="text-sm break-words whitespace-pre-wrap">
          <LinkifiedText text={mail.text} />
        </p>
      </article>
    </li>
  );
}

/** Development without SMTP: every mail the app sent, newest first, so a new user can confirm. */
export function DevMailbox() {
  const { t, i18n } = useTranslation('auth');
  const mails = useDevMails();
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
  const formatTime = (iso: string) => dateFormat.format(new Date(iso));

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('devMailbox.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('devMailbox.subtitle')}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void mails.refetch()}
          disabled={mails.isFetching}
          aria-busy={mails.isFetching || undefined}
        >
          {mails.isFetching ? t('devMailbox.refreshing') : t('devMailbox.refresh')}
        </Button>
      </header>
      {mails.isError && <FormAlert>{t('devMailbox.loadFailed')}</FormAlert>}
      {mails.isPending && (
        <p role="status" className="text-muted-foreground">
          {t('loading', { ns: 'common' })}
        </p>
      )}
      {mails.data && mails.data.length === 0 && <p className="text-muted-foreground">{t('devMailbox.empty')}</p>}
      {mails.data && mails.data.length > 0 && (
        <ul className="flex flex-col gap-4">
          {mails.data.map((mail) => (
            <MailItem key={mail.id} mail={mail} formatTime={formatTime} />
          ))}
        </ul>
      )}
    </main>
  );
}
