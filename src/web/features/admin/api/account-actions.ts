import { useMutation } from '@tanstack/react-query';
import type { AdminAction, AdminActionResult } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { useRefreshConsole } from './query-keys';

/** The account actions that take nothing but a reason: disable, enable, resend the confirmation mail. */
export type AccountAction = 'disable' | 'enable' | 'resend-confirmation';

export async function runAccountAction(userId: string, action: AccountAction, input: AdminAction): Promise<AdminActionResult> {
  const user = api.admin.users[':id'];
  const request = { param: { id: userId }, json: input };
  const response =
    action === 'disable'
      ? await user.disable.$post(request)
      : action === 'enable'
        ? await user.enable.$post(request)
        : await user['resend-confirmation'].$post(request);
  return response.json();
}

export function useAccountAction(userId: string, action: AccountAction) {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: (input: AdminAction) => runAccountAction(userId, action, input), onSuccess: refresh });
}
