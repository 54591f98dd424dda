import { MoveLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isAppError } from '@shared/errors';
import type { AdminTopUp, AdminUserDetail } from '@shared/admin';
import { formatCents } from '@shared/money';
import { adminPaths } from '@shared/admin-paths';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useAdminUser } from '../api/get-user';
import { useUserLedger } from '../api/get-user-ledger';
import { formatDateTime } from '../lib/console-format';
import { Pager } from './pager';
import { Empty, ReportFailed, ReportLoading, ScrollRegion, Section } from './report-states';
import { RefundDialog, RefundIcon, UserActions } from './user-actions';
import { UserBadges } from './user-badges';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('mt-1 text-lg font-semibold tabular-nums', tone === 'bad' && 'text-destructive')}>{value}</dd>
    </div>
  );
}

function Summary({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const facts: [string, string][] = [
    [t('user.joined'), formatDateTime(user.createdAt, language)!],
    [t('user.lastSeen'), formatDateTime(user.lastSeenAt, language) ?? t('users.never')],
    [
      t('user.signInMethods'),
      user.signInMethods.map((method) => t(`user.methods.${method}`, { defaultValue: method })).join(', ') || t('user.none'),
    ],
    [t('user.signedInSessions'), String(user.signedInSessions)],
    [t('user.chatSessions'), String(user.chatSessions)],
    [t('user.images'), t('user.imageCounts', { uploaded: user.uploadedImages, generated: user.generatedImages })],
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('user.balance')} value={formatCents(user.availableCents)} />
        <Figure label={t('user.frozen')} value={formatCents(user.frozenCents)} tone={user.frozenCents > 0 ? 'bad' : undefined} />
        <Figure label={t('user.spendable')} value={formatCents(user.spendableCents)} />
        <Figure label={t('user.freeImages')} value={String(user.freeGenerationsLeft)} />
      </dl>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b py-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function TopUps({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const [refunding, setRefunding] = useState<AdminTopUp | null>(null);
  if (user.topUps.length === 0) return <Empty>{t('user.noTopUps')}</Empty>;
  return (
    <>
      <ul className="divide-y">
        {user.topUps.map((topUp) => (
          <li key={topUp.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium tabular-nums">
                {formatCents(topUp.amountCents)}{' '}
                <span className="font-normal text-muted-foreground">
                  · {t(`user.providers.${topUp.provider}`, { defaultValue: topUp.provider })}
                </span>
              </p>
              <p className="text-xs text-muted-foreground">{formatDateTime(topUp.paidAt, i18n.resolvedLanguage ?? 'en')}</p>
              <p className="text-xs break-all text-muted-foreground">{topUp.id}</p>
              {(topUp.refundedCents > 0 || topUp.pendingRefundCents > 0) && (
                <p className="text-xs">
                  {t('user.refunded', { amount: formatCents(topUp.refundedCents) })}
                  {topUp.pendingRefundCents > 0 && ` · ${t('user.refundPending', { amount: formatCents(topUp.pendingRefundCents) })}`}
                </p>
              )}
            </div>
            {!isSelf && topUp.provider === 'stripe' && (
              <Button variant="outline" size="sm" disabled={topUp.refundableCents === 0} onClick={() => setRefunding(topUp)}>
                <RefundIcon className="h-4 w-4" aria-hidden="true" />
                {t('actions.refund.button')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {refunding && <RefundDialog user={user} topUp={refunding} open onOpenChange={(open) => !open && setRefunding(null)} />}
    </>
  );
}

function CardRefunds({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin');
  if (user.cardRefunds.length === 0) return <Empty>{t('user.noCardRefunds')}</Empty>;
  return (
    <ul className="divide-y text-sm">
      {user.cardRefunds.map((refund) => (
        <li key={refund.id} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="tabular-nums">{formatCents(refund.amountCents)}</span>
          <span className={cn(refund.status === 'failed' && 'text-destructive')}>
            {t(`user.refundStatus.${refund.status}`)}
            {refund.failure && `: ${refund.failure}`}
          </span>
          <span className="text-xs text-muted-foreground">{formatDateTime(refund.createdAt, i18n.resolvedLanguage ?? 'en')}</span>
        </li>
      ))}
    </ul>
  );
}

function Disputes({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  if (user.disputes.length === 0) return <Empty>{t('user.noDisputes')}</Empty>;
  return (
    <ul className="divide-y text-sm">
      {user.disputes.map((dispute) => (
        <li key={dispute.id} className="flex flex-col gap-1 py-2">
          <p className="flex flex-wrap justify-between gap-2">
            <span className="font-medium tabular-nums">{formatCents(dispute.amountCents)}</span>
            <span className={cn(dispute.status === 'lost' && 'text-destructive', dispute.closedAt === null && 'font-medium')}>
              {dispute.status}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">
            {t('user.disputeOpened', { when: formatDateTime(dispute.openedAt, language), reason: dispute.reason })}
            {dispute.closedAt && ` · ${t('user.disputeClosed', { when: formatDateTime(dispute.closedAt, language) })}`}
            {dispute.frozenCents > 0 && ` · ${t('user.disputeFrozen', { amount: formatCents(dispute.frozenCents) })}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Ledger({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const ledger = useUserLedger(userId, page);
  const language = i18n.resolvedLanguage ?? 'en';
  if (ledger.isPending) return <ReportLoading />;
  if (ledger.isError) return <ReportFailed onRetry={() => void ledger.refetch()} />;
  if (ledger.data.entries.length === 0) return <Empty>{t('user.noLedger')}</Empty>;
  return (
    <>
      <ScrollRegion label={t('user.ledger')}>
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{t('user.ledger')}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t('user.when')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('user.entry')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t('user.amount')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t('user.freeImagesDelta')}
              </th>
              <th scope="col" className="py-2 text-right">
                {t('user.runningBalance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.data.entries.map((entry) => (
              <tr key={entry.id} className="border-t align-top">
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.createdAt, language)}</td>
                <td className="py-2 pr-3">
                  <span className="block">{entry.description}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`user.kinds.${entry.kind}`, { defaultValue: entry.kind })} · <span className="break-all">{entry.reference}</span>
                  </span>
                </td>
                <td
                  className={cn(
                    'py-2 pr-3 text-right tabular-nums',
                    entry.amountCents > 0 && 'text-success',
                    entry.amountCents < 0 && 'text-destructive',
                  )}
                >
                  {entry.amountCents > 0 ? '+' : ''}
                  {formatCents(entry.amountCents)}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {entry.freeGenerationsDelta === 0
                    ? ''
                    : entry.freeGenerationsDelta > 0
                      ? `+${entry.freeGenerationsDelta}`
                      : entry.freeGenerationsDelta}
                </td>
                <td className="py-2 text-right font-medium tabular-nums">{formatCents(entry.balanceAfterCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pager
        page={ledger.data.page}
        pageSize={ledger.data.pageSize}
        total={ledger.data.total}
        onPage={setPage}
        label={t('user.ledgerPages')}
      />
    </>
  );
}

/** One account: who they are, their money and what the operator may do about it. */
export function UserPage({ operatorId }: { operatorId: string }) {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  const back = (
    <Link
      to={adminPaths.users.getHref()}
      className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
    >
      <MoveLeft className="h-4 w-4" aria-hidden="true" />
      {t('user.back')}
    </Link>
  );
  if (user.isPending) return <ReportLoading />;
  if (user.isError) {
    if (isAppError(user.error) && user.error.status === 404)
      return (
        <div className="flex flex-col gap-3">
          {back}
          <Empty>{t('user.notFound')}</Empty>
        </div>
      );
    return <ReportFailed onRetry={() => void user.refetch()} />;
  }
  const detail = user.data;
  const isSelf = detail.id === operatorId;
  return (
    <div className="flex flex-col gap-5">
      {back}
      <Section title={detail.email}>
        {detail.name && <p className="-mt-2 mb-2 text-sm text-muted-foreground">{detail.name}</p>}
        <UserBadges user={detail} />
        <div className="mt-4">
          <Summary user={detail} />
        </div>
      </Section>
      <Section title={t('user.actions')}>
        <UserActions user={detail} isSelf={isSelf} />
      </Section>
      <div className="grid gap-5 lg:grid-cols-2">
        <Section title={t('user.topUps')}>
          <TopUps user={detail} isSelf={isSelf} />
        </Section>
        <div className="flex flex-col gap-5">
          <Section title={t('user.disputes')}>
            <Disputes user={detail} />
          </Section>
          <Section title={t('user.cardRefunds')}>
            <CardRefunds user={detail} />
          </Section>
        </div>
      </div>
      <Section title={t('user.ledger')}>
        <Ledger userId={detail.id} />
      </Section>
    </div>
  );
}
