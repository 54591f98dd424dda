import { DevMailbox } from '@web/features/auth/components/dev-mailbox';
import { usePublicConfig } from '@web/lib/public-config';
import { NotFoundRoute } from './not-found';

/** Exists only where the server keeps mails instead of sending them (never in production). */
export function DevMailboxRoute() {
  const { devMailbox } = usePublicConfig();
  return devMailbox ? <DevMailbox /> : <NotFoundRoute />;
}

export default DevMailboxRoute;
