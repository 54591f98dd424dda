import { paths } from '@shared/paths';

/**
 * Where to go after a password sign-in: the protected page the user was sent away from
 * (RequireAuth passes it as location.state.from), else the sessions list. Only paths of this site
 * are followed; `//host` and `/\host` would leave it.
 */
export function returnPathAfterSignIn(locationState: unknown): string {
  const from = locationState && typeof locationState === 'object' ? (locationState as { from?: unknown }).from : undefined;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')) return from;
  return paths.studio.getHref();
}
