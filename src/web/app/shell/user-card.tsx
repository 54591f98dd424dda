import type { Profile } from '@shared/profile';
import { UserAvatar } from '@web/components/layouts/user-avatar';

export function UserCard({ me }: { me: Profile }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-muted p-3">
      <UserAvatar avatarUrl={me.avatarUrl} initials={me.initials} className="h-12 w-12 bg-background" decorative />
      <div className="min-w-0">
        <p className="truncate font-semibold">{me.displayName}</p>
        <p className="truncate text-sm text-muted-foreground">{me.email}</p>
      </div>
    </div>
  );
}
