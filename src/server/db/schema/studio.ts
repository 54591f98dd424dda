import { sql } from 'drizzle-orm';
import type { CodedText } from '@shared/coded-text';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type ContextReferences, type GenerationPlan, MAX_IMAGES_PER_REQUEST, MIN_IMAGES_PER_REQUEST } from '@shared/generation';
import type { ProgressReport } from '@shared/reply-progress';
import { user } from './auth';

/** Chat sessions, messages, attachments, user files, agent jobs and their outputs. */

export const verifiedEnum = pgEnum('verified_enum', ['pending', 'approved', 'rejected']);
export const messageRole = pgEnum('message_role', ['user', 'system']);
/** `stopped`: its user pressed Stop before it finished; refunded like a failure, counted apart from one. */
export const agentJobStatus = pgEnum('agent_job_status', ['queued', 'processing', 'completed', 'failed', 'stopped']);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionName: text('session_name'),
    conversationTheme: text('conversation_theme'),
    totalMessages: integer('total_messages').notNull().default(0),
    /** Generated images so far: numbers each new one, so download names are unique per image. */
    imagesMade: integer('images_made').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** When the user deleted it: the retention job re-checks its files for a day (decision 015). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The image engine last chosen in it (the composer's picker starts there); null: the server's default. */
    engine: text('engine'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The sessions list: a user's active sessions, newest activity first, a page at a time from a
  // (updated_at, id) cursor — in the index's own order, so a page reads only its own rows
  // (NULLS FIRST, as `order by … desc` means).
  (t) => [
    index('chat_sessions_user_active_updated_id_idx').on(t.userId, t.isActive, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chat_sessions_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // Session search: any part of a title (a pg_trgm GIN index).
    index('chat_sessions_name_trgm_idx').using('gin', sql`${t.sessionName} gin_trgm_ops`),
  ],
);

export const userFiles = pgTable(
  'user_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileType: text('file_type').notNull().default('image'),
    originalFilename: text('original_filename').notNull(),
    storedFilename: text('stored_filename').notNull(),
    fileUrl: text('file_url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    mimeType: text('mime_type').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    isGenerated: boolean('is_generated').notNull().default(false),
    verifiedEnum: verifiedEnum('verified_enum').notNull().default('pending'),
    contentDescription: text('content_description').notNull().default(''),
    /** Suggested actions: [{ title, description }] written by the verification job. */
    metadata: jsonb('metadata').$type<{ title: string; description: string }[] | null>(),
    uploadTimestamp: timestamp('upload_timestamp', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the retention job deleted the bytes (decision 015). The row stays so that a message can
     * still show what was there ("expired", with its prompt); nothing else lists or serves it.
     */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
  },
  (t) => [
    // The retention job's scan: files still held, oldest first, by kind.
    index('user_files_retained_idx')
      .on(t.isGenerated, t.uploadTimestamp)
      .where(sql`${t.expiredAt} is null`),
    // The library and verified-image lists: a user's approved files, uploaded or generated, newest
    // first (ties by id): a page is the first rows of this index, whatever the limit and offset.
    // NULLS FIRST is what `order by … desc` means; an index with NULLS LAST cannot give that order.
    index('user_files_user_verified_generated_uploaded_id_idx').on(
      t.userId,
      t.verifiedEnum,
      t.isGenerated,
      t.uploadTimestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('user_files_stored_filename_idx').on(t.storedFilename),
  ],
);

/**
 * How many approved files each user has, uploaded and generated: the library's exact total
 * without counting every file of the user on every page. Kept by a trigger on user_files
 * (drizzle/0002_user-file-counts.sql) in the same transaction as every insert, delete and
 * verdict, whatever code writes them; nothing in TypeScript maintains it.
 */
export const userFileCounts = pgTable('user_file_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  approvedUploaded: bigint('approved_uploaded', { mode: 'number' }).notNull().default(0),
  approvedGenerated: bigint('approved_generated', { mode: 'number' }).notNull().default(0),
});

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: messageRole('role').notNull(),
    contentText: text('content_text').notNull().default(''),
    /**
     * A server-written message (a reply's note, a failure) as codes and parameters, worded by the
     * client in the reader's language; `content_text` keeps its English for API clients. Null for
     * the user's own messages.
     */
    contentCodes: jsonb('content_codes').$type<CodedText[]>(),
    parentMessageId: uuid('parent_message_id'),
    processingStatus: text('processing_status'),
    intentData: jsonb('intent_data').$type<GenerationPlan>(),
    contextReferences: jsonb('context_references').$type<ContextReferences>(),
    /** On a reply with variations: the version the user chose (null: the newest finished one); follow-ups edit it. */
    chosenVersion: integer('chosen_version'),
    timestampCreated: timestamp('timestamp_created', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sending client's id for this message: a send repeated after a lost answer is the same message. */
    clientMessageId: uuid('client_message_id'),
    /**
     * What the composer's pickers chose for this request (null: the session's engine, and the shape
     * and count its words ask for); kept so that a reply answered later (Retry) keeps the choice.
     */
    requestedEngine: text('requested_engine'),
    requestedAspectRatio: text('requested_aspect_ratio'),
    requestedImageCount: integer('requested_image_count'),
    /**
     * The selected area (image_masks) the request edits inside; no foreign key: a mask deleted
     * before its reply ran makes that reply fail with its refund instead of editing everywhere.
     */
    maskId: uuid('mask_id'),
  },
  (t) => [
    // Messages of a session in time order (ties by id), and "after the last timestamp" on reconnect:
    // the latest page and every catch-up page are one range of this index, however long the chat.
    index('messages_session_created_id_idx').on(t.sessionId, t.timestampCreated, t.id),
    uniqueIndex('messages_user_client_message_idx').on(t.userId, t.clientMessageId),
    // Session search: any part of a message's text (a pg_trgm GIN index).
    index('messages_content_text_trgm_idx').using('gin', sql`${t.contentText} gin_trgm_ops`),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => userFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('attachments_message_file_idx').on(t.messageId, t.fileId), index('attachments_file_idx').on(t.fileId)],
);

export const agentJobs = pgTable(
  'agent_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** The user message this job answers. */
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The system message that carries the result, once there is one. */
    resultMessageId: uuid('result_message_id').references(() => messages.id, { onDelete: 'set null' }),
    status: agentJobStatus('status').notNull().default('queued'),
    engine: text('engine').notNull(),
    /** The model (or ComfyUI workflow's model) that makes the images, where the engine names one. */
    engineModel: text('engine_model'),
    plan: jsonb('plan').$type<GenerationPlan>().notNull(),
    /** 0 for a message's reply; 1, 2… for the variations asked for later (new versions beside it). */
    version: integer('version').notNull().default(0),
    imageCount: integer('image_count').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    freeImagesUsed: integer('free_images_used').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** How far the running try got ({stage, step, total}), as the chat shows it; null while queued. */
    progress: jsonb('progress').$type<ProgressReport>(),
    /** When the job's engine planned the reply (hosted models); retries reuse that plan. */
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // One reply per user message (and one job per version of it): a repeated or concurrent POST
    // /chat cannot charge twice.
    uniqueIndex('agent_jobs_message_version_idx').on(t.messageId, t.version),
    index('agent_jobs_session_created_idx').on(t.sessionId, t.createdAt),
    // The operator console: generations of a period, and the failed ones newest first.
    index('agent_jobs_created_idx').on(t.createdAt),
    index('agent_jobs_failed_idx')
      .on(t.completedAt.desc().nullsFirst())
      .where(sql`${t.status} = 'failed'`),
    // The replies being made: a user's (the sessions list's badges) and the line's order (a queued reply's place).
    index('agent_jobs_user_running_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'processing')`),
    index('agent_jobs_queued_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    // The shared limit, written into the constraint as literals (a check cannot take parameters).
    check(
      'agent_jobs_image_count_check',
      sql`${t.imageCount} between ${sql.raw(String(MIN_IMAGES_PER_REQUEST))} and ${sql.raw(String(MAX_IMAGES_PER_REQUEST))}`,
    ),
  ],
);

/**
 * The latest preview of a picture being made, while its job runs: one small JPEG per job, replaced
 * as the engine sends new ones and deleted when the job settles. Never a user file: never listed,
 * never charged, served only to the job's owner.
 */
export const jobPreviews = pgTable('job_previews', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => agentJobs.id, { onDelete: 'cascade' }),
  jpeg: bytea('jpeg').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const generatedOutputs = pgTable(
  'generated_outputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => agentJobs.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => userFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  // One output per position: a job run twice cannot store a second set.
  (t) => [uniqueIndex('generated_outputs_job_position_idx').on(t.jobId, t.position), index('generated_outputs_file_idx').on(t.fileId)],
);
