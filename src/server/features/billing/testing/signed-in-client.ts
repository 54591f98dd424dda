import type { RunningServer } from '../../../start-server';
import { TestClient } from '../../../test/http-client';
import { uniqueEmail } from '../../../test/test-server';

const PASSWORD = 'Sup3rsecret!';

/**
 * A confirmed user with accepted terms and a browser-like client holding their session. The
 * account is created through better-auth itself (not its HTTP route, whose per-address sign-up
 * limit is shared by every test file on this machine), confirmed through the link in the dev
 * mailbox, and accepts the terms over HTTP.
 */
export async function signedInClient(server: RunningServer, appUrl: string): Promise<{ client: TestClient; userId: string; email: string }> {
  const email = uniqueEmail('billing');
  const created = await server.deps.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: '' } });
  const client = new TestClient(appUrl);

  const mailbox = (await (await client.get('/api/dev/mailbox')).json()) as { mails: Array<{ to: string; text: string }> };
  const mail = mailbox.mails.find((m) => m.to === email);
  const link = mail && new RegExp(`${appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/auth/verify-email[^\\s"<>]*`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link for ${email} in the dev mailbox`);
  const confirmed = await client.get(link.replace(/&amp;/g, '&'));
  if (confirmed.status !== 302 || !client.hasSession()) throw new Error(`confirming ${email} failed: ${confirmed.status}`);

  const accepted = await client.post('/api/me/accept-terms', { accepted: true });
  if (accepted.status !== 200) throw new Error(`accepting the terms failed: ${accepted.status}`);
  return { client, userId: created.user.id, email };
}
