import { desc, eq, sql } from 'drizzle-orm';
import { devMails } from '@server/db/schema';
import type { RunningServer } from '@server/start-server';
import { TestClient } from './http-client';
import type { ReceivedMail } from './smtp-inbox';
import { uniqueEmail } from './test-server';

export const TEST_PASSWORD = 'Sup3rsecret!';

/** A browser stand-in holding the session of a confirmed user who accepted the terms. */
export type SignedInClient = TestClient & { readonly userId: string; readonly email: string };

export interface SignedInUserOptions {
  email?: string;
  /** Where confirmation mails arrive when the server has SMTP_URL (startSmtpInbox); else the dev mailbox is read. */
  inbox?: { waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> };
}

/**
 * A fresh user, signed up, confirmed through the link in the real confirmation mail (which signs
 * them in) and with the terms accepted — ready to use the product's protected API.
 *
 * The account is created through the auth API in-process rather than over HTTP, so that many test
 * files signing users up at once do not trip the per-address sign-up limit; everything after
 * (confirmation link, session cookie, terms) goes over HTTP as a browser's would.
 */
export async function signedInUser(server: RunningServer, options: SignedInUserOptions = {}): Promise<SignedInClient> {
  const email = options.email ?? uniqueEmail('studio');
  const appUrl = server.deps.config.appUrl;
  await server.deps.auth.api.signUpEmail({ body: { email, password: TEST_PASSWORD, name: '', callbackURL: '/studio' } });

  const mailText = options.inbox ? (await options.inbox.waitForMail(email)).text : await devMailText(server, email);
  const link = /https?:\/\/[^\s"<>]*\/api\/auth\/verify-email[^\s"<>]*/.exec(mailText)?.[0]?.replace(/&amp;/g, '&');
  if (!link) throw new Error(`no confirmation link in the mail to ${email}:\n${mailText}`);
  // The link names APP_URL; the request goes to wherever this test server listens.
  const confirmUrl = new URL(link);
  // Requests carry APP_URL as their Origin, as a browser on the site would.
  const client = new TestClient(server.url, appUrl);
  const confirmed = await client.get(`${confirmUrl.pathname}${confirmUrl.search}`);
  if (confirmed.status !== 302 || !client.hasSession()) throw new Error(`confirming ${email} failed with ${confirmed.status}`);

  const accepted = await client.post('/api/me/accept-terms', { accepted: true });
  if (accepted.status !== 200) throw new Error(`accepting the terms failed with ${accepted.status}: ${await accepted.text()}`);
  const { id } = (await accepted.json()) as { id: string };

  return Object.assign(client, { userId: id, email });
}

/**
 * The confirmation mail's text: from the dev mailbox once the send-mail job delivered it, or — on
 * a server that runs no worker (WORKER=off), where it waits in the queue — from the queued job.
 */
async function devMailText(server: RunningServer, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await server.deps.db
      .select({ text: devMails.text })
      .from(devMails)
      .where(eq(devMails.to, email))
      .orderBy(desc(devMails.createdAt))
      .limit(1);
    if (mail) return mail.text;
    if (server.deps.config.worker === 'off') {
      const queued = await server.deps.db.execute<{ text: string }>(
        sql`select data->>'text' as text from pgboss.job where name = 'send-mail' and data->>'to' = ${email} order by created_on desc limit 1`,
      );
      if (queued.rows[0]) return queued.rows[0].text;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email} in the dev mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
