import { createRoute, z } from '@hono/zod-openapi';
import { devMailboxSchema, devMailSchema } from '@shared/dev-mailbox';
import { AppError } from '@shared/errors';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { listDevMails } from '../../mail/mailer';

const mailbox = devMailboxSchema.extend({ mails: z.array(devMailSchema.meta({ id: 'DevMail' })) });

export function devMailboxRoutes(deps: AppDeps) {
  const enabled = devMailboxEnabled(deps);
  const getMailbox = createRoute({
    method: 'get',
    path: '/',
    summary: 'Mails kept instead of sent (development without SMTP only; absent in production)',
    // Where the mailbox does not exist, it is not in the API's description either.
    hide: !enabled,
    responses: { 200: jsonContent(mailbox, 'Newest first') },
  });
  return createRouter().openapi(getMailbox, async (c) => {
    // Answered exactly as a path that is no route at all (app.ts).
    if (!enabled) throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`);
    const mails = await listDevMails(deps.db);
    return c.json(
      { mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })) },
      200,
    );
  });
}

/** The dev mailbox exists in development without SMTP only: never in production, never with real mail. */
function devMailboxEnabled({ config }: Pick<AppDeps, 'config'>): boolean {
  return !config.isProduction && !config.mail.smtpUrl;
}
