import { useMutation } from '@tanstack/react-query';
import type { AdminAction, AdminActionResult } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { useRefreshConsole } from './query-keys';

/** A failed generation run again (at no new charge), or refunded. */
export async function runJobAction(jobId: string, action: 'retry' | 'refund', input: AdminAction): Promise<AdminActionResult> {
  const job = api.admin.jobs[':id'];
  const request = { param: { id: jobId }, json: input };
  const response = action === 'retry' ? await job.retry.$post(request) : await job.refund.$post(request);
  return response.json();
}

export function useJobAction(jobId: string, action: 'retry' | 'refund') {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: (input: AdminAction) => runJobAction(jobId, action, input), onSuccess: refresh });
}
