import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { listDevMails } from '../../mail/mailer';

const mailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }).openapi('DevMail');

const getMailbox = createRoute({
  method: 'get',
  path: '/',
  summary: 'Mails kept instead of sent (development without SMTP only; absent in production)',
  responses: { 200: { description: 'Newest first', content: { 'application/json': { schema: z.object({ mails: z.array(mailSchema) }) } } } },
});

export function devMailboxRoutes({ db }: AppDeps) {
  return createRouter().openapi(getMailbox, async (c) => {
    const mails = await listDevMails(db);
    return c.json({ mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })) }, 200);
  });
}

export function devMailboxEnabled({ config }: Pick<AppDeps, 'config'>): boolean {
  return !config.isProduction && !config.mail.smtpUrl;
}
