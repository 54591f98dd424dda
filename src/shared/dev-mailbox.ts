import { z } from 'zod';

/** GET /api/dev/mailbox: mails kept instead of sent (development without SMTP only), newest first. */
export const devMailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailboxSchema = z.object({ mails: z.array(devMailSchema) });
