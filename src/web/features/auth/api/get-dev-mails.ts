import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The dev mailbox (development without SMTP only); newest first. */
export async function getDevMails(): Promise<DevMail[]> {
  const response = await apiFetch(`${window.location.origin}/api/dev/mailbox`, {}, { skipAuth: true });
  const body = (await response.json()) as { mails: DevMail[] };
  return body.mails;
}

export const devMailsQuery = queryOptions({
  queryKey: ['dev-mailbox'],
  queryFn: getDevMails,
  refetchOnWindowFocus: true,
});

export function useDevMails() {
  return useQuery(devMailsQuery);
}
