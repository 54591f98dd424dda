import { SessionsList } from '@web/features/studio/components/sessions-list';

export function StudioRoute() {
  return <SessionsList />;
}

export default StudioRoute;
