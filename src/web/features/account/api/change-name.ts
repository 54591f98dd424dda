import { useMutation } from '@tanstack/react-query';
import { postAccountChange } from './account-auth-request';

export function changeName(name: string): Promise<void> {
  return postAccountChange('/update-user', { name });
}

/** `onChanged`: the caller refreshes the profile wherever it is shown (menu, sheets, Account). */
export function useChangeName(onChanged: () => Promise<unknown>) {
  return useMutation({ mutationFn: changeName, onSuccess: onChanged });
}
