import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@shared/account';
import { api } from '@web/lib/api-client';

/** POST /api/account/delete: ends every session of the account, this one included. */
export async function deleteAccount(confirmation: DeleteAccountRequest): Promise<void> {
  await api.account.delete.$post({ json: confirmation });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
