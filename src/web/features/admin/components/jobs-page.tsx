import { Pause, Play, RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FailedGeneration, QueueStatus } from '@shared/admin';
import { formatCents } from '@shared/money';
import { adminPaths } from '@shared/admin-paths';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useJobs } from '../api/get-jobs';
import { useJobAction } from '../api/job-actions';
import { useSetQueuePaused } from '../api/set-queue-paused';
import { formatDateTime, formatSeconds } from '../lib/console-format';
import { ActionDialog } from './action-dialog';
import { Pager } from './pager';
import { Empty, ReportFailed, ReportLoading, ScrollRegion, Section } from './report-states';

function QueueToggle({ queue }: { queue: QueueStatus }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const toggle = useSetQueuePaused(queue.name, !queue.paused);
  const verb = queue.paused ? 'resume' : 'pause';
  const name = t(`jobs.queues.${queue.name}`, { defaultValue: queue.name });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {queue.paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
        {t(`jobs.${verb}.button`)}
        <span className="sr-only">{name}</span>
      </Button>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`jobs.${verb}.title`, { queue: name })}
        description={t(`jobs.${verb}.description`)}
        confirmLabel={t(`jobs.${verb}.confirm`)}
        destructive={!queue.paused}
        successText={t(`jobs.${verb}.done`, { queue: name })}
        onConfirm={(action) => toggle.mutateAsync(action)}
      />
    </>
  );
}

function Queues({ queues }: { queues: QueueStatus[] }) {
  const { t } = useTranslation('admin');
  return (
    <ScrollRegion label={t('jobs.queuesTitle')}>
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">{t('jobs.queuesTitle')}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t('jobs.queue')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t('jobs.waiting')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t('jobs.running')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t('jobs.failedLastDay')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t('jobs.oldestWaiting')}
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">{t('jobs.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {queues.map((queue) => (
            <tr key={queue.name} className="border-t">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {t(`jobs.queues.${queue.name}`, { defaultValue: queue.name })}
                {queue.paused && (
                  <span className="ml-2 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
                    {t('jobs.paused')}
                  </span>
                )}
              </th>
              <td className="py-2 pr-3 text-right">{queue.waiting}</td>
              <td className="py-2 pr-3 text-right">{queue.running}</td>
              <td className={cn('py-2 pr-3 text-right', queue.failedLastDay > 0 && 'text-destructive')}>{queue.failedLastDay}</td>
              <td className="py-2 pr-3 text-right">{queue.waiting > 0 ? formatSeconds(queue.oldestWaitingSeconds) : '—'}</td>
              <td className="py-2 text-right">
                <QueueToggle queue={queue} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function JobActionButton({ job, action }: { job: FailedGeneration; action: 'retry' | 'refund' }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const run = useJobAction(job.id, action);
  const Icon = action === 'retry' ? RotateCcw : Undo2;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Icon className="h-4 w-4" aria-hidden="true" />
        {t(`jobs.${action}.button`)}
      </Button>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`jobs.${action}.title`)}
        description={t(`jobs.${action}.description`, {
          email: job.userEmail,
          amount: formatCents(job.priceCents),
          count: job.freeImagesUsed,
        })}
        confirmLabel={t(`jobs.${action}.confirm`)}
        successText={t(`jobs.${action}.done`)}
        onConfirm={(input) => run.mutateAsync(input)}
      />
    </>
  );
}

function FailedJobs({
  page,
  onPage,
  data,
}: {
  page: number;
  onPage: (page: number) => void;
  data: { jobs: FailedGeneration[]; total: number; pageSize: number };
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  if (data.jobs.length === 0) return <Empty>{t('jobs.noFailures')}</Empty>;
  return (
    <>
      <ul className="divide-y">
        {data.jobs.map((job) => (
          <li key={job.id} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap gap-x-2">
                <Link
                  to={adminPaths.user.getHref(job.userId)}
                  className="font-medium break-all text-primary underline-offset-4 hover:underline"
                >
                  {job.userEmail}
                </Link>
                <span className="text-muted-foreground">· {job.engine}</span>
                <span className="text-muted-foreground">· {formatDateTime(job.failedAt ?? job.createdAt, language)}</span>
              </p>
              <p className="mt-1 line-clamp-3 break-words text-muted-foreground">{job.error ?? t('jobs.noError')}</p>
              <p className="mt-1 text-xs">
                {t('jobs.charged', { amount: formatCents(job.priceCents), count: job.freeImagesUsed })} ·{' '}
                <span className={job.refunded ? 'text-success' : 'font-medium text-destructive'}>
                  {job.refunded ? t('jobs.refunded') : t('jobs.notRefunded')}
                </span>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <JobActionButton job={job} action="retry" />
              {!job.refunded && <JobActionButton job={job} action="refund" />}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={onPage} label={t('jobs.pages')} />
    </>
  );
}

/** The queues at a glance, and the generations that failed, to run again or refund. */
export function JobsPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const jobs = useJobs(page);
  if (jobs.isPending) return <ReportLoading />;
  if (jobs.isError) return <ReportFailed onRetry={() => void jobs.refetch()} />;
  return (
    <div className="flex flex-col gap-5">
      <Section title={t('jobs.queuesTitle')}>
        <Queues queues={jobs.data.queues} />
      </Section>
      <Section title={t('jobs.failedTitle')}>
        <FailedJobs page={page} onPage={setPage} data={jobs.data.failed} />
      </Section>
    </div>
  );
}
