import { useEffect, useRef, type ReactNode } from 'react';
import { focusHeading } from '@web/lib/route-focus';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Above the card, e.g. the language switcher. */
  aside?: ReactNode;
  /** The card replaced a form the user just sent (check your email): focus moves to its title. */
  focusTitle?: boolean;
}

/** The account screens: one card, centred, the full width on phones. */
export function AuthCard({ title, subtitle, children, footer, aside, focusTitle = false }: AuthCardProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) focusHeading(titleRef.current);
  }, [focusTitle]);
  return (
    <main className="flex flex-col items-center px-4 py-8 sm:px-6 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-4">
        {aside && <div className="flex justify-end">{aside}</div>}
        <section aria-labelledby="auth-card-title" className="flex flex-col gap-6 rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
          <header className="flex flex-col gap-2 text-center">
            <h1 id="auth-card-title" ref={titleRef} className="text-2xl font-semibold tracking-tight">
              {title}
            </h1>
            {subtitle && <div className="text-sm text-muted-foreground">{subtitle}</div>}
          </header>
          {children}
        </section>
        {footer && <div className="text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </main>
  );
}

export const textLinkClasses = 'font-medium text-primary underline-offset-4 hover:underline';
