import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditQuery } from '@shared/admin';
import { adminPaths } from '@shared/admin-paths';
import { useAudit } from '../api/get-audit';
import { formatDateTime } from '../lib/console-format';
import { fieldClasses } from './action-dialog';
import { Pager } from './pager';
import { Empty, ReportFailed, ReportLoading, Section } from './report-states';
import { SearchForm } from './search-form';

function useAuditQuery(): [AuditQuery, (changes: Partial<AuditQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '')
    ? (params.get('action') as AuditAction)
    : undefined;
  const query: AuditQuery = { q: params.get('q') ?? undefined, action, page: Math.max(1, Number(params.get('page')) || 1) };
  const update = (changes: Partial<AuditQuery>) => {
    const next = { ...query, page: 1, ...changes };
    setParams(
      {
        ...(next.q ? { q: next.q } : {}),
        ...(next.action ? { action: next.action } : {}),
        ...(next.page > 1 ? { page: String(next.page) } : {}),
      },
      { replace: true },
    );
  };
  return [query, update];
}

/** Before → after, key by key, for the figures an action changed. */
function Change({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  if (keys.length === 0) return null;
  const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{key}</dt>
          <dd className="break-all tabular-nums">
            {key in entry.before ? `${show(entry.before[key])} → ` : ''}
            {show(entry.after[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every operator action, newest first; append-only, searched by reason, address, id or action. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const [query, update] = useAuditQuery();
  const audit = useAudit(query);
  const actionId = useId();

  const data = audit.data;
  return (
    <Section title={t('audit.title')}>
      <p className="-mt-1 mb-3 text-sm text-muted-foreground">{t('audit.appendOnly')}</p>
      <SearchForm label={t('audit.search')} placeholder={t('audit.searchPlaceholder')} value={query.q} onSearch={(q) => update({ q })}>
        <div>
          <label htmlFor={actionId} className="text-sm font-medium">
            {t('audit.action')}
          </label>
          <select
            id={actionId}
            value={query.action ?? ''}
            onChange={(event) => update({ action: (event.target.value || undefined) as AuditAction | undefined })}
            className={fieldClasses}
          >
            <option value="">{t('audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <div className="mt-4" aria-busy={audit.isFetching}>
        {audit.isPending && <ReportLoading />}
        {audit.isError && <ReportFailed onRetry={() => void audit.refetch()} />}
        {data && data.entries.length === 0 && <Empty>{t('audit.none')}</Empty>}
        {data && data.entries.length > 0 && (
          <>
            <ul className="divide-y">
              {data.entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 py-3 text-sm md:grid-cols-[12rem_1fr_1fr] md:gap-4">
                  <div>
                    <p className="font-medium">{t(`audit.actions.${entry.action}`)}</p>
                    <p className="text-xs text-muted-foreground">{formatDateTime(entry.createdAt, language)}</p>
                  </div>
                  <div className="min-w-0">
                    <p className="text-xs text-muted-foreground">{t('audit.by', { operator: entry.operatorEmail })}</p>
                    {entry.targetUserId &&
                      (entry.targetEmail ? (
                        <Link
                          to={adminPaths.user.getHref(entry.targetUserId)}
                          className="break-all text-primary underline-offset-4 hover:underline"
                        >
                          {entry.targetEmail}
                        </Link>
                      ) : (
                        <p className="text-muted-foreground">{t('audit.deletedAccount')}</p>
                      ))}
                    {entry.targetReference && <p className="text-xs break-all text-muted-foreground">{entry.targetReference}</p>}
                    <p className="mt-1 break-words">“{entry.reason}”</p>
                  </div>
                  <Change entry={entry} />
                </li>
              ))}
            </ul>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page })}
              label={t('audit.pages')}
            />
          </>
        )}
      </div>
    </Section>
  );
}
