import { useMe } from '@web/features/auth/api/get-me';
import { LibraryView } from '@web/features/library/components/library-view';

/** /library: inside RequireAuth, so a signed-in profile is always there. */
export function LibraryRoute() {
  const { data: me } = useMe();
  if (!me) return null;
  return <LibraryView userId={me.id} />;
}

export default LibraryRoute;
