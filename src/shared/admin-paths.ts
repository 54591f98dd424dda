/**
 * The operator console's pages (features/admin). They are not in the screen table (paths.ts): the
 * server answers them with the app and a 404 status, as any unknown page, so the console shows
 * nobody that it exists; the app shows it to operators and the 404 page to everyone else. The
 * router knows only `/admin/*`; the console routes its own pages (`route`, below /admin), so the
 * landing page's JavaScript carries nothing of it.
 */
export const adminPaths = {
  overview: { route: '', getHref: () => '/admin' },
  users: { route: 'users', getHref: () => '/admin/users' },
  user: { route: 'users/:id', getHref: (id: string) => `/admin/users/${encodeURIComponent(id)}` },
  jobs: { route: 'jobs', getHref: () => '/admin/jobs' },
  engines: { route: 'engines', getHref: () => '/admin/engines' },
  audit: { route: 'audit', getHref: () => '/admin/audit' },
} as const;
