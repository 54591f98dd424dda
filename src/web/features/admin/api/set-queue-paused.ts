import { useMutation } from '@tanstack/react-query';
import type { AdminAction, AdminActionResult } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { useRefreshConsole } from './query-keys';

type QueueName = Parameters<(typeof api.admin.queues)[':name']['pause']['$post']>[0]['param']['name'];

export async function setQueuePaused(name: QueueName, paused: boolean, input: AdminAction): Promise<AdminActionResult> {
  const queue = api.admin.queues[':name'];
  const response = paused
    ? await queue.pause.$post({ param: { name }, json: input })
    : await queue.resume.$post({ param: { name }, json: input });
  return response.json();
}

export function useSetQueuePaused(name: string, paused: boolean) {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: (input: AdminAction) => setQueuePaused(name as QueueName, paused, input), onSuccess: refresh });
}
