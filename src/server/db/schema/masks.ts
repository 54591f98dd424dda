import { customType, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { userFiles } from './studio';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Selected areas ("Select area") of a user's images. The PNG lives in the row, not in storage: it
 * is small (one channel, mostly two values), private (no URL serves it to anyone but its owner) and
 * goes with its image and its account through the foreign keys. The retention job deletes masks
 * after UPLOAD_RETENTION, as it does uploads, except those a queued or running reply still needs.
 */
export const imageMasks = pgTable(
  'image_masks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => userFiles.id, { onDelete: 'cascade' }),
    /** One-channel PNG the size of the upright image: 255 = may change, 0 = keep. */
    png: bytea('png').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Share of the image selected, 0-1. */
    coverage: real('coverage').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('image_masks_user_idx').on(t.userId),
    index('image_masks_created_idx').on(t.createdAt),
    index('image_masks_file_idx').on(t.fileId),
  ],
);
