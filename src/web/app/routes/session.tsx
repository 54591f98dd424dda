import { useParams } from 'react-router';
import { SessionScreen } from '@web/features/studio/components/session-screen';

/** /session/new and /session/:id; another session starts with a fresh screen (draft, uploads, dialogs). */
export function SessionRoute() {
  const { id } = useParams();
  return <SessionScreen key={id ?? 'new'} sessionId={id} />;
}

export default SessionRoute;
