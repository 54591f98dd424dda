/**
 * The screens as one typed table. The web router builds its routes from it, links
 * use `paths.x.getHref()`, and the server uses `isKnownPagePath` to answer unknown pages with 404.
 */

export const paths = {
  home: { pattern: '/', getHref: () => '/' },
  login: { pattern: '/login', getHref: () => '/login' },
  signup: { pattern: '/signup', getHref: () => '/signup' },
  forgotPassword: { pattern: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { pattern: '/reset-password', getHref: () => '/reset-password' },
  completeSignup: { pattern: '/complete-signup', getHref: () => '/complete-signup' },
  studio: { pattern: '/studio', getHref: () => '/studio' },
  newSession: { pattern: '/session/new', getHref: () => '/session/new' },
  /** `messageId`: a message to open the chat at (a search result, a Library image's message). */
  session: {
    pattern: '/session/:id',
    getHref: (id: string, messageId?: string | null) =>
      `/session/${encodeURIComponent(id)}${messageId ? `?message=${encodeURIComponent(messageId)}` : ''}`,
  },
  generation: { pattern: '/generation', getHref: () => '/generation' },
  /** `imageId`: an image to open in the preview (a chat's 'Open in Library'). */
  library: { pattern: '/library', getHref: (imageId?: string) => (imageId ? `/library?image=${encodeURIComponent(imageId)}` : '/library') },
  account: { pattern: '/account', getHref: () => '/account' },
  /** `returnTo`: where the payment's success page goes back to (see `returnPathOf`). */
  billing: {
    pattern: '/billing',
    getHref: (returnTo?: string) => (returnTo ? `/billing?return_to=${encodeURIComponent(returnTo)}` : '/billing'),
  },
  success: {
    pattern: '/success',
    getHref: (sessionId?: string) => (sessionId ? `/success?session_id=${encodeURIComponent(sessionId)}` : '/success'),
  },
  about: { pattern: '/about', getHref: () => '/about' },
  terms: { pattern: '/terms', getHref: () => '/terms' },
  privacy: { pattern: '/privacy', getHref: () => '/privacy' },
  refund: { pattern: '/refund', getHref: () => '/refund' },
} as const;

export type PathName = keyof typeof paths;

/** Pages that exist only outside production (the dev mailbox, the test-mode checkout). */
export const devPaths = {
  mailbox: { pattern: '/dev/mailbox', getHref: () => '/dev/mailbox' },
  testCheckout: { pattern: '/dev/checkout/:id', getHref: (id: string) => `/dev/checkout/${encodeURIComponent(id)}` },
  testCardSetup: { pattern: '/dev/card-setup', getHref: () => '/dev/card-setup' },
} as const;

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const knownPagePatterns = Object.values(paths).map((p) => patternToRegExp(p.pattern));
const devPagePatterns = Object.values(devPaths).map((p) => patternToRegExp(p.pattern));

export function isKnownPagePath(pathname: string, options: { includeDevPages: boolean }): boolean {
  if (knownPagePatterns.some((re) => re.test(pathname))) return true;
  return options.includeDevPages && devPagePatterns.some((re) => re.test(pathname));
}

/** Any path starting with /session counts as the studio area. */
export function isStudioArea(pathname: string): boolean {
  return pathname.startsWith('/session');
}

const SESSION_RETURN_PATH = /^\/session\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A place a payment may return to: a session of the studio, and nothing else (a return address
 * from a URL must never lead off the site or anywhere unexpected).
 */
export function returnPathOf(value: string | null | undefined): string | null {
  return value && SESSION_RETURN_PATH.test(value) ? value : null;
}
