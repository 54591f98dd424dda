import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@shared/paths';
import type { WorkingSessions } from '@shared/reply-progress';
import { getMessage } from '../api/get-message';
import { useWorkingSessions } from '../api/get-working-sessions';
import { sessionShortId } from '../lib/session-thumbnails';

/**
 * Tells a signed-in user, wherever they are in the app, when a reply finishes in a session they
 * are not looking at: a toast with a link to it. (The session on screen shows its own reply.)
 */
export function WorkingRepliesWatcher() {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const working = useWorkingSessions();
  const seen = useRef<Map<string, WorkingSessions['sessions'][number]> | null>(null);

  useEffect(() => {
    const sessions = working.data?.sessions;
    if (!sessions) return;
    const now = new Map(sessions.map((session) => [session.session_id, session]));
    const before = seen.current;
    seen.current = now;
    if (!before) return;
    for (const [sessionId, { session_name: name, reply_message_id: replyId }] of before) {
      if (now.has(sessionId) || pathname === paths.session.getHref(sessionId)) continue;
      const session = name?.trim() || t('session.title', { shortId: sessionShortId(sessionId) });
      // Only a reply that came out with its images is news worth a toast (a stopped one is not).
      getMessage(replyId).then(
        (reply) => {
          if (reply.processing_status !== 'completed') return;
          toast(t('progress.finishedElsewhere', { session }), {
            action: { label: t('progress.open'), onClick: () => void navigate(paths.session.getHref(sessionId)) },
          });
        },
        () => undefined,
      );
    }
  }, [working.data, pathname, navigate, t]);

  return null;
}
