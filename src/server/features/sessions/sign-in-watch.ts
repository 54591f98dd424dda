import type { RealtimeHub } from '../../realtime/events';
import { authSessionTopic } from '../../realtime/topics';

/** setTimeout's longest delay (about 24.8 days); a later expiry is simply looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** When the database could not say whether the session lives, it is asked again this much later. */
const RETRY_MS = 30_000;

/**
 * Calls `onEnded` once, when the sign-in session ends: at once when its row goes (signed out,
 * revoked by a password change or reset, the account deleted — a trigger on the session table
 * publishes it), or when it expires. The row is read at the start, at its expiry time and after
 * the server's listener reconnected (a deletion may have passed unheard): better-auth extends a
 * session in use, and one that is gone or past its time has ended. Answers how to stop watching.
 */
export function watchSignIn(
  realtime: Pick<RealtimeHub, 'subscribe' | 'onReconnect'>,
  expiryOf: (authSessionId: string) => Promise<Date | null>,
  authSessionId: string,
  onEnded: () => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void recheck(), Math.min(Math.max(delayMs, 0), MAX_TIMER_MS));
  };
  const end = () => {
    if (stopped) return;
    stop();
    onEnded();
  };
  const recheck = async () => {
    let expiresAt: Date | null;
    try {
      expiresAt = await expiryOf(authSessionId);
    } catch {
      if (!stopped) schedule(RETRY_MS);
      return;
    }
    if (stopped) return;
    if (!expiresAt || expiresAt.getTime() <= Date.now()) end();
    else schedule(expiresAt.getTime() - Date.now());
  };
  const unsubscribe = realtime.subscribe(authSessionTopic(authSessionId), end);
  const stopResync = realtime.onReconnect(() => void recheck());
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    stopResync();
  };
  // Read once now too: the session may have ended between the request's sign-in check and the subscription.
  void recheck();
  return stop;
}
