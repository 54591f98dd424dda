import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getAudit(query: AuditQuery): Promise<AuditPage> {
  const response = await api.admin.audit.$get({
    query: { ...(query.q ? { q: query.q } : {}), ...(query.action ? { action: query.action } : {}), page: String(query.page) },
  });
  return response.json();
}

export function useAudit(query: AuditQuery) {
  return useQuery({ queryKey: adminKeys.audit(query), queryFn: () => getAudit(query), placeholderData: keepPreviousData, retry: false });
}
