import { useMutation } from '@tanstack/react-query';
import { paths } from '@shared/paths';
import { postAccountChange } from './account-auth-request';

/**
 * Mails a confirmation link to the new address; the address changes when it is opened, which
 * brings the user back to the Account page. The answer is the same whether or not the address
 * is free (another account's address is never taken and never revealed).
 */
export function changeEmail(newEmail: string): Promise<void> {
  return postAccountChange('/change-email', { newEmail, callbackURL: paths.account.getHref() });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
