import net from 'node:net';

/**
 * Outside production the server hands out development conveniences: the dev mailbox (every
 * user's mail, so every password-reset link), test-mode payments (free credit for anyone) and an
 * AUTH_SECRET generated on the spot. They are safe only while nobody but this machine can reach
 * the server, so a development start on a non-loopback address is refused, unless the operator
 * deliberately opts in for a shared test server (and is warned at every start).
 */
export const SHARED_TEST_SERVER_VARIABLE = 'ALLOW_UNSAFE_SHARED_TEST_SERVER';

const loopbackV6 = new net.BlockList();
loopbackV6.addAddress('::1', 'ipv6');
// IPv4 loopback written as an IPv4-mapped IPv6 address.
loopbackV6.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** 127.0.0.0/8, ::1 and the name localhost; every other name may resolve to anything. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (bare === 'localhost') return true;
  switch (net.isIP(bare)) {
    case 4:
      return bare.startsWith('127.');
    case 6:
      return loopbackV6.check(bare, 'ipv6');
    default:
      return false;
  }
}

/**
 * The one problem a development start reachable from elsewhere has, naming why and what to set.
 * HOST is where the server listens; APP_URL is where people reach it (a reverse proxy on this
 * machine forwards strangers to a loopback HOST, but then APP_URL names the public host).
 */
export function exposureProblems(source: Record<string, string | undefined>): string[] {
  const value = (name: string) => (source[name] ?? '').trim();
  if (value('NODE_ENV') === 'production' || value(SHARED_TEST_SERVER_VARIABLE) === 'true') return [];
  const host = value('HOST') || '127.0.0.1';
  const appHost = appUrlHost(value('APP_URL'));
  const exposed = !isLoopbackHost(host) ? `HOST=${host}` : appHost && !isLoopbackHost(appHost) ? `APP_URL=${value('APP_URL')}` : undefined;
  if (!exposed) return [];
  return [
    `${exposed} makes this server reachable from other machines, but NODE_ENV is not production: ` +
      "its development conveniences (the dev mailbox with every user's mail, test-mode payments, the generated AUTH_SECRET) " +
      'would let anyone who reaches it take over any account. ' +
      'Set NODE_ENV=production (with AUTH_SECRET, SMTP_URL, STRIPE_* and APP_URL) to serve other people, ' +
      `or HOST=127.0.0.1 to keep it on this machine; for a deliberately shared test server set ${SHARED_TEST_SERVER_VARIABLE}=true.`,
  ];
}

function appUrlHost(appUrl: string): string | undefined {
  if (!appUrl) return undefined;
  try {
    return new URL(appUrl).hostname;
  } catch {
    return undefined; // the schema reports a malformed APP_URL
  }
}

export const SHARED_TEST_SERVER_WARNING =
  `${SHARED_TEST_SERVER_VARIABLE}=true: this development server may be reachable from other machines with its dev mailbox, ` +
  'test-mode payments and generated AUTH_SECRET. Anyone who reaches it can read every mail (and so take over any account) ' +
  'and credit any balance: use it only as a test server among people you trust, never with real users or real data.';
