import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every operator action (features/admin): who, when, what, why, and the figures before and
 * after. Append-only: a trigger (hand-written in its migration) refuses UPDATE, DELETE and
 * TRUNCATE, so no route, command or mistake can rewrite it. It names the account it concerns by
 * id only, without a foreign key: an account's deletion leaves its audit trail in place.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The console's id for the submit: a repeated submit finds its entry and does nothing again. */
    requestId: uuid('request_id').notNull().unique(),
    /** Null for the command line (`npm run admin`). */
    operatorId: text('operator_id'),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    /** What else the action named: a top-up, a job, a queue. */
    targetReference: text('target_reference'),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetUserId, t.createdAt),
  ],
);
