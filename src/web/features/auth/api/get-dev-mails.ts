import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMail } from '@shared/dev-mailbox';
import { publicApi } from '@web/lib/api-client';

/** The dev mailbox (development without SMTP only); newest first. */
export async function getDevMails(): Promise<DevMail[]> {
  const response = await publicApi.dev.mailbox.$get();
  return (await response.json()).mails;
}

export const devMailsQuery = queryOptions({
  queryKey: ['dev-mailbox'],
  queryFn: getDevMails,
  refetchOnWindowFocus: true,
});

export function useDevMails() {
  return useQuery(devMailsQuery);
}
