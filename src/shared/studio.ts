import { z } from 'zod';
import {
  LIBRARY_VIEW_ALL_LIMIT,
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  MESSAGES_FETCH_DEFAULT_LIMIT,
  MISSED_MESSAGES_FETCH_LIMIT,
  SESSIONS_PAGE_MAX,
  SESSION_SEARCH_MAX_LENGTH,
  SESSIONS_PAGE_SIZE,
  VERIFIED_IMAGES_DEFAULT_LIMIT,
} from './constants';
import { codedTextSchema, codedTextsSchema } from './coded-text-schema';
import { PG_INTEGER_MAX, pgDateTimeSchema } from './column-bounds';
import { engineKindSchema, engineRefusalSchema, engineUsedSchema, PICKER_MAX_IMAGE_COUNT } from './engines';
import { aspectRatioSchema, imageLimitRefusalSchema } from './generation';
import { spendingLimitRefusalSchema } from './spending';
import { maskIdSchema } from './masks';

/**
 * The studio's API contract, shared by the server's validators and the web
 * client. Field names follow the spec's mapped shapes.
 */

export const verifiedStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** A chip: its title and the request it fills in, in English, and as codes the client words in the reader's language. */
export const suggestedActionSchema = z.object({
  title: z.string(),
  description: z.string(),
  title_code: codedTextSchema.optional(),
  description_code: codedTextSchema.optional(),
});
export type SuggestedAction = z.infer<typeof suggestedActionSchema>;

/** A user file as the client sees it. */
export const userFileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  file_type: z.string(),
  original_filename: z.string(),
  stored_filename: z.string(),
  file_url: z.string(),
  /** Falls back to file_url. */
  thumbnailUrl: z.string(),
  mime_type: z.string(),
  file_size_bytes: z.number(),
  is_generated: z.boolean(),
  verified_enum: verifiedStatusSchema,
  upload_timestamp: z.string(),
  /** The generation prompt for generated files; '' otherwise. */
  contentDescription: z.string(),
  metadata: z.array(suggestedActionSchema).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** When the retention job deletes it (UPLOAD_RETENTION / GENERATED_RETENTION after upload_timestamp). */
  expires_at: z.string(),
  /** Deleted by the retention job: its bytes are gone (only a message still mentions it). */
  expired: z.boolean(),
  /**
   * The Library's listing only: the chat message that made the image (an upload: the first one it was
   * sent with), in an active session of the user's; null when there is none.
   */
  origin: z.object({ session_id: z.string(), message_id: z.string() }).nullable().optional(),
});
export type UserFile = z.infer<typeof userFileSchema>;

/** A file attached to or produced for a message (id, fileUrl, originalFilename). */
export const messageFileSchema = z.object({
  id: z.string(),
  fileUrl: z.string(),
  thumbnailUrl: z.string(),
  originalFilename: z.string(),
  isGenerated: z.boolean(),
  /** Deleted by the retention job: the chat shows an "expired" placeholder with the prompt instead. */
  expired: z.boolean(),
  /** The generation prompt of a generated image; '' for uploads. */
  contentDescription: z.string(),
  /** Which version of the reply this output belongs to: 0 the first, 1, 2… its variations (0 for attachments). */
  version: z.number(),
  /** The engine (and model) that made a generated image; null for uploads. */
  engine: engineUsedSchema.nullable(),
  /** The image's pixel size when known: the chat reserves its shape before it loads (no layout jump). */
  width: z.number().nullish(),
  height: z.number().nullish(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

/** A message mapped as the spec says: files = attachments + generated outputs. */
export const messageSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  contentText: z.string(),
  /** A server-written message as codes (worded by the client in the reader's language); null for the user's own. */
  contentCodes: codedTextsSchema.nullish(),
  timestamp_created: z.string(),
  /** When the message last changed (its reply finished, say): of two copies, the later one wins. */
  updated_at: z.string(),
  parent_message_id: z.string().nullable(),
  role: z.enum(['user', 'system']),
  user_id: z.string(),
  processing_status: z.string().nullable(),
  intent_data: z.unknown().nullable(),
  context_references: z.unknown().nullable(),
  files: z.array(messageFileSchema),
  /** On a reply with several versions: the one the user chose, which follow-ups edit (null: the newest). */
  chosen_version: z.number().nullable(),
  /** On a reply: the engine (and model) of its newest version, made or being made; null elsewhere. */
  engine: engineUsedSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** One card of the sessions list (get_chat_sessions_with_images). */
export const sessionSummarySchema = z.object({
  id: z.string(),
  session_name: z.string().nullable(),
  conversation_theme: z.string().nullable(),
  total_messages: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Up to 4 image URLs, newest first. */
  thumbnails: z.array(z.string()),
  /** Search results only: the newest message whose words contain the text (null: only the title did). */
  matched_message_id: z.string().nullable().optional(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionNameSchema = z
  .string()
  .trim()
  .min(1, 'Session name is required')
  .max(100, 'Session name must be at most 100 characters');

/** POST /api/sessions (an empty session, named or not) and PATCH /api/sessions/{id} (a rename). */
export const createSessionSchema = z.object({ session_name: sessionNameSchema.optional() });
export const renameSessionSchema = z.object({ session_name: sessionNameSchema });

export const messageTextSchema = z.string().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`);

/**
 * What the composer's pickers chose for one request; each left out means: the session's engine (else
 * the server's default), and the shape and count the words ask for.
 */
const generationChoiceShape = {
  engine: engineKindSchema.optional(),
  aspect_ratio: aspectRatioSchema.optional(),
  /** Versions of each result (several photos get this many each, unless combined into one). */
  image_count: z.int().min(1).max(PICKER_MAX_IMAGE_COUNT).optional(),
};

/**
 * Sending a message. With `session_id` 'new' (or absent) the server creates the session, the
 * message and its attachments in one transaction and answers with the new session id.
 */
export const sendMessageSchema = z
  .object({
    session_id: z.union([z.literal('new'), z.uuid()]).optional(),
    content_text: messageTextSchema.default(''),
    file_ids: z.array(z.uuid()).max(MAX_ATTACHMENTS, 'Maximum 5 files allowed').default([]),
    /**
     * Start the AI's reply (paid) in the same transaction that stores the message, so a dropped
     * connection cannot leave a message unanswered (the web client always asks for it).
     */
    request_reply: z.boolean().default(false),
    /**
     * The client's id for this message, made once per draft: sending it again (the answer was lost
     * when the connection dropped) returns the message already stored instead of a second message
     * and a second charge.
     */
    client_message_id: z.uuid().optional(),
    /** A selected area (POST /api/masks) of the one image sent: the edit changes nothing outside it. */
    mask_id: maskIdSchema.optional(),
    ...generationChoiceShape,
  })
  .refine((body) => body.content_text.trim().length > 0 || body.file_ids.length > 0, {
    message: 'Write a message or attach an image',
    path: ['content_text'],
  });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** A reply planned, paid for and queued (POST /chat, or a message sent with request_reply). */
export const replyAcceptedSchema = z.object({
  /** Null when the message was answered with words alone ("what can you draw?"): nothing made, nothing charged. */
  job_id: z.string().nullable(),
  message_id: z.string(),
  reply_message_id: z.string(),
  plan: z.unknown(),
  image_count: z.number(),
  price_cents: z.number(),
  free_images_used: z.number(),
});
export type ReplyAccepted = z.infer<typeof replyAcceptedSchema>;

/**
 * A user message's processing_status after its reply was refused for lack of credit (HTTP 402):
 * the message stays, with a Retry action, until a reply is paid for.
 */
export const AWAITING_CREDIT_STATUS = 'awaiting_credit';

export const sendMessageResultSchema = z.object({
  session_id: z.string(),
  message: messageSchema,
  /** With request_reply: the reply started, or why not (INSUFFICIENT_BALANCE: the message awaits credit). */
  reply: replyAcceptedSchema.nullable().optional(),
  reply_error: z.object({ code: z.string(), message: z.string() }).nullable().optional(),
});

/** POST /api/chat: answer the session's latest user message. */
export const requestReplySchema = z.object({ session_id: z.uuid() });

/** POST /api/chat/variations: ask again for a reply — new versions beside the first (charged as it was). */
export const requestVariationSchema = z.object({ reply_message_id: z.uuid() });

/** POST /api/chat/chosen-version: the version of a reply that follow-ups edit. */
export const chooseVersionSchema = z.object({ reply_message_id: z.uuid(), version: z.int().min(0).max(PG_INTEGER_MAX) });

/** GET /api/chat/quote: a draft as the composer holds it (query strings). */
export const draftQuoteQuerySchema = z.object({
  text: z.string().max(MESSAGE_MAX_LENGTH).default(''),
  attachments: z.coerce.number().int().min(0).max(MAX_ATTACHMENTS).default(0),
  has_previous_output: z.enum(['true', 'false']).default('false'),
  ...generationChoiceShape,
  image_count: z.coerce.number().int().min(1).max(PICKER_MAX_IMAGE_COUNT).optional(),
});

/** What a draft would cost if sent now (nothing is reserved): free images first, then the balance. */
export const draftQuoteSchema = z.object({
  imageCount: z.number(),
  /** Images paid by free generations. */
  freeImages: z.number(),
  paidImages: z.number(),
  /** What the paid images cost from the balance. */
  priceCents: z.number(),
  pricePerImageCents: z.number(),
  freeGenerationsLeft: z.number(),
  availableCents: z.number(),
  /** True when the draft's images are all covered by free generations. */
  free: z.boolean(),
  /** The engine that would make it (pricePerImageCents is its price). */
  engine: engineKindSchema,
  /**
   * Set when sending the draft would be refused before any charge: it asks for more images than
   * one reply may make (nothing is priced: imageCount is what it asks for, every price figure is
   * zero), or the engine cannot do it (with the engines that can).
   */
  refusal: z.union([imageLimitRefusalSchema, engineRefusalSchema]).nullable(),
  /** Set when the draft's charge would pass the user's daily or monthly spending limit (sending it is refused). */
  spendingLimit: spendingLimitRefusalSchema.nullable().optional(),
});
export type DraftQuote = z.infer<typeof draftQuoteSchema>;

/** GET /api/sessions/:id: the card plus the state of its latest generation job. */
export const sessionStatusSchema = z.enum(['idle', 'processing', 'completed', 'error']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export const sessionDetailSchema = sessionSummarySchema.extend({
  status: sessionStatusSchema,
  /** The engine last chosen in this session (the composer's picker starts there); null: the server's default. */
  engine: engineKindSchema.nullable(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** What the sessions list's search field sends: trimmed; blank means no search. */
export const sessionSearchTextSchema = z
  .string()
  .max(SESSION_SEARCH_MAX_LENGTH)
  .transform((text) => text.trim())
  .pipe(z.string().min(1));

/**
 * GET /api/sessions: one page of the user's active sessions, newest activity first. `next_cursor`
 * asks for the page after this one (`?cursor=`); null on the last page.
 */
export const sessionsListSchema = z.object({ sessions: z.array(sessionSummarySchema), next_cursor: z.string().nullable() });
export type SessionsPage = z.infer<typeof sessionsListSchema>;
export const sessionsPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SESSIONS_PAGE_MAX).default(SESSIONS_PAGE_SIZE),
  cursor: z.string().max(200).optional().describe('next_cursor of the page before'),
  q: sessionSearchTextSchema
    .optional()
    .describe('Only sessions whose title or any message text contains these characters (case-insensitive)'),
});
export const messagesListSchema = z.object({ messages: z.array(messageSchema) });

/**
 * GET /api/sessions/{id}/messages: the latest `limit`; with `after` the first `limit` after that
 * time (catch-up); with `before` the `limit` just older than that message (history, read backwards).
 */
export const messagesPageQuerySchema = z
  .object({
    after: pgDateTimeSchema.optional().describe('Only messages created after this time (exclusive)'),
    before: z.uuid().optional().describe('Only messages older than this message of the session (exclusive)'),
    around: z.uuid().optional().describe('This message of the session with the messages just before and after it'),
    limit: z.coerce.number().int().min(1).max(MISSED_MESSAGES_FETCH_LIMIT).default(MESSAGES_FETCH_DEFAULT_LIMIT),
  })
  .refine((query) => query.after === undefined || query.before === undefined, {
    message: 'Use either after or before, not both',
    path: ['before'],
  })
  .refine((query) => query.around === undefined || (query.after === undefined && query.before === undefined), {
    message: 'Use around alone, without after or before',
    path: ['around'],
  });

/**
 * How a page `around` a message of `limit` messages is made: the anchor, up to `older` messages
 * just before it and up to `newer` just after it. Fewer older ones than `older` means the page
 * holds the start of the conversation; fewer newer ones than `newer`, its newest message.
 */
export function aroundPageSplit(limit: number): { older: number; newer: number } {
  const older = Math.floor((limit - 1) / 2);
  return { older, newer: limit - 1 - older };
}

/** GET /api/user-files: the user's approved images, optionally only uploaded or generated ones. */
export const userFilesQuerySchema = z.object({
  kind: z.enum(['uploaded', 'generated']).optional(),
  limit: z.coerce.number().int().min(1).max(LIBRARY_VIEW_ALL_LIMIT).default(VERIFIED_IMAGES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(PG_INTEGER_MAX).default(0),
});

/** GET /api/user-files: one page of approved images, newest first, with the exact total. */
export const userFilesPageSchema = z.object({ images: z.array(userFileSchema), total: z.number(), hasMore: z.boolean() });
export type UserFilesPage = z.infer<typeof userFilesPageSchema>;

/**
 * The longest GET /api/user-files/{id}?wait= may hold a pending file before answering: it answers
 * as soon as the verdict is written, so the composer waits in a few requests instead of many polls.
 */
export const VERIFICATION_WAIT_MAX_SECONDS = 10;
export const verificationWaitQuerySchema = z.object({ wait: z.coerce.number().int().min(0).max(VERIFICATION_WAIT_MAX_SECONDS).default(0) });

/**
 * Upload limits the server enforces (the spec names none): bytes of the file and decoded pixels,
 * so a small file that decodes to a huge image cannot exhaust the server's memory.
 */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_ALLOWED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
