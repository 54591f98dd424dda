import * as Avatar from '@radix-ui/react-avatar';
import { cn } from '@web/lib/cn';

/**
 * The user's picture, or their initials until (or instead of) it loads. `decorative` hides it
 * from screen readers where the surrounding control already names the user or the action.
 */
export function UserAvatar({
  avatarUrl,
  initials,
  className,
  decorative = false,
}: {
  avatarUrl: string | null;
  initials: string;
  className?: string;
  decorative?: boolean;
}) {
  return (
    <Avatar.Root
      aria-hidden={decorative || undefined}
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 align-middle select-none',
        className,
      )}
    >
      {avatarUrl && <Avatar.Image src={avatarUrl} alt="" className="h-full w-full object-cover" />}
      <Avatar.Fallback className="text-sm font-semibold text-primary" delayMs={avatarUrl ? 400 : 0}>
        {initials}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
