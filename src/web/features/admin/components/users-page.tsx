import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { USER_SORTS, type AdminUserRow, type UserListQuery, type UserSort } from '@shared/admin';
import { formatCents } from '@shared/money';
import { adminPaths } from '@shared/admin-paths';
import { useUsers } from '../api/get-users';
import { formatDateTime } from '../lib/console-format';
import { fieldClasses } from './action-dialog';
import { Pager } from './pager';
import { Empty, ReportFailed, ReportLoading, Section } from './report-states';
import { SearchForm } from './search-form';
import { UserBadges } from './user-badges';

/** Search, sort and page live in the address: the list can be shared, and Back returns to it. */
function useListQuery(): [UserListQuery, (changes: Partial<UserListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const sort = (USER_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as UserSort) : 'created';
  const query: UserListQuery = {
    q: params.get('q') ?? undefined,
    sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (changes: Partial<UserListQuery>) => {
    const next = { ...query, page: 1, ...changes };
    setParams(
      { ...(next.q ? { q: next.q } : {}), sort: next.sort, order: next.order, ...(next.page > 1 ? { page: String(next.page) } : {}) },
      { replace: true },
    );
  };
  return [query, update];
}

function UserCard({ user }: { user: AdminUserRow }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <li className="rounded-lg border p-3">
      <Link to={adminPaths.user.getHref(user.id)} className="font-medium break-all text-primary underline-offset-4 hover:underline">
        {user.email}
      </Link>
      {user.name && <p className="text-sm text-muted-foreground">{user.name}</p>}
      <UserBadges user={user} />
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">{t('users.balance')}</dt>
        <dd className="tabular-nums">{formatCents(user.availableCents)}</dd>
        <dt className="text-muted-foreground">{t('users.joined')}</dt>
        <dd>{formatDateTime(user.createdAt, i18n.resolvedLanguage ?? 'en')}</dd>
        <dt className="text-muted-foreground">{t('users.lastSeen')}</dt>
        <dd>{formatDateTime(user.lastSeenAt, i18n.resolvedLanguage ?? 'en') ?? t('users.never')}</dd>
      </dl>
    </li>
  );
}

/** Every account, searched by address or name, sorted and paged by the server. */
export function UsersPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const [query, update] = useListQuery();
  const users = useUsers(query);
  const sortId = useId();
  const orderId = useId();

  const data = users.data;
  return (
    <Section title={t('users.title')}>
      <SearchForm label={t('users.search')} placeholder={t('users.searchPlaceholder')} value={query.q} onSearch={(q) => update({ q })}>
        <div className="flex gap-3">
          <div>
            <label htmlFor={sortId} className="text-sm font-medium">
              {t('users.sort')}
            </label>
            <select
              id={sortId}
              value={query.sort}
              onChange={(event) => update({ sort: event.target.value as UserSort })}
              className={fieldClasses}
            >
              {USER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`users.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={orderId} className="text-sm font-medium">
              {t('users.order')}
            </label>
            <select
              id={orderId}
              value={query.order}
              onChange={(event) => update({ order: event.target.value === 'asc' ? 'asc' : 'desc' })}
              className={fieldClasses}
            >
              <option value="desc">{t('users.descending')}</option>
              <option value="asc">{t('users.ascending')}</option>
            </select>
          </div>
        </div>
      </SearchForm>

      <div className="mt-4" aria-busy={users.isFetching}>
        {users.isPending && <ReportLoading />}
        {users.isError && <ReportFailed onRetry={() => void users.refetch()} />}
        {data && data.users.length === 0 && <Empty>{t('users.none')}</Empty>}
        {data && data.users.length > 0 && (
          <>
            <p className="mb-2 text-xs text-muted-foreground">{t('users.found', { count: data.total })}</p>
            <ul className="grid gap-2 md:hidden">
              {data.users.map((user) => (
                <UserCard key={user.id} user={user} />
              ))}
            </ul>
            <div className="hidden md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('users.title')}</caption>
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {t('users.account')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      {t('users.balance')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      {t('users.freeImages')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('users.joined')}
                    </th>
                    <th scope="col" className="py-2">
                      {t('users.lastSeen')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => (
                    <tr key={user.id} className="border-t align-top">
                      <td className="py-2 pr-3">
                        <Link
                          to={adminPaths.user.getHref(user.id)}
                          className="font-medium break-all text-primary underline-offset-4 hover:underline"
                        >
                          {user.email}
                        </Link>
                        {user.name && <span className="block text-xs text-muted-foreground">{user.name}</span>}
                        <UserBadges user={user} />
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {formatCents(user.availableCents)}
                        {user.frozenCents > 0 && (
                          <span className="block text-xs text-destructive">
                            {t('users.frozen', { amount: formatCents(user.frozenCents) })}
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{user.freeGenerationsLeft}</td>
                      <td className="py-2 pr-3">{formatDateTime(user.createdAt, language)}</td>
                      <td className="py-2">{formatDateTime(user.lastSeenAt, language) ?? t('users.never')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page })}
              label={t('users.pages')}
            />
          </>
        )}
      </div>
    </Section>
  );
}
