import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mails kept for the dev mailbox page when no SMTP relay is configured (never in production). */
export const devMails = pgTable(
  'dev_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  // The mailbox lists the newest first; NULLS FIRST is what `order by … desc` means, and an index
  // with NULLS LAST (Drizzle's default for desc) cannot give that order.
  (t) => [index('dev_mails_created_idx').on(t.createdAt.desc().nullsFirst())],
);
