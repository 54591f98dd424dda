import type { DbOrTx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { cardsOf, type SessionCardRecord, type SessionRow, type SessionsCursor, toSessionRow } from './sessions.repository';

/**
 * The user's active sessions whose title or any of whose messages contains the pattern ($3, an
 * ILIKE pattern), in the sessions list's own order. Both sides are scoped to the user ($1): the
 * messages by their own user_id, so another user's words can never select a session. The
 * trigram indexes on session_name and content_text answer patterns of three or more characters;
 * shorter ones read the user's messages through messages_user_client_message_idx (decision 039).
 */
const matching = (cursor: string) => `
  select * from chat_sessions
  where user_id = $1 and is_active${cursor}
    and (session_name ilike $3 or exists (select 1 from messages m where m.session_id = chat_sessions.id and m.user_id = $1 and m.content_text ilike $3))
  order by updated_at desc, id desc limit $2`;

// The newest matching message of each card, so the result opens the chat at it; only the page's cards
// are searched for it, backwards through messages_session_created_id_idx.
const matchedMessage = `,
    (select m.id from messages m where m.session_id = s.id and m.user_id = $1 and m.content_text ilike $3
      order by m.timestamp_created desc, m.id desc limit 1) as matched_message_id`;
const SEARCH_FIRST_PAGE: PreparedStatement = { name: 'sessions-search-first-page', text: cardsOf(matching(''), matchedMessage) };
const SEARCH_NEXT_PAGE: PreparedStatement = {
  name: 'sessions-search-next-page',
  text: cardsOf(matching(' and (updated_at, id) < ($4::timestamptz, $5::uuid)'), matchedMessage),
};

/** `text` as an ILIKE pattern that matches it literally anywhere: %, _ and \ lose their meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A page of the sessions that contain `text`, with the cursor of the next page (one row more tells). */
export async function searchActiveSessions(
  db: DbOrTx,
  userId: string,
  text: string,
  page: { limit: number; after?: SessionsCursor | undefined },
): Promise<{ rows: SessionRow[]; next: SessionsCursor | null }> {
  const pattern = containsPattern(text);
  const rows = (
    page.after
      ? await preparedRows<SessionCardRecord>(db, SEARCH_NEXT_PAGE, [userId, page.limit + 1, pattern, page.after.updatedAt, page.after.id])
      : await preparedRows<SessionCardRecord>(db, SEARCH_FIRST_PAGE, [userId, page.limit + 1, pattern])
  ).map(toSessionRow);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, next: more && last ? { updatedAt: last.cursorUpdatedAt, id: last.id } : null };
}
