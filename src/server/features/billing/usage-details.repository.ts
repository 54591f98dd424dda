import { USAGE_PROMPT_MAX_LENGTH, type UsageDetail } from '@shared/billing';
import type { DbOrTx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';

/**
 * For the usage and refund entries among `entryIds`, what each generation was for: the request's
 * words, the first image it made (while kept), its session (while active) and the free images the
 * entry moved. Scoped to the user on every table, so another user's entry id yields nothing.
 */
const USAGE_DETAILS: PreparedStatement = {
  name: 'billing-usage-details',
  text: `select l.id, m.content_text as prompt, -l.free_generations_delta as free_images,
      case when s.is_active then s.id end as session_id,
      (select coalesce(f.thumbnail_url, f.file_url) from generated_outputs o join user_files f on f.id = o.file_id
        where o.job_id = j.id and f.user_id = $1 and f.expired_at is null order by o.position limit 1) as thumbnail_url
    from ledger_entries l
    join agent_jobs j on j.id::text = l.reference and j.user_id = $1
    join messages m on m.id = j.message_id and m.user_id = $1
    join chat_sessions s on s.id = j.session_id and s.user_id = $1
    where l.user_id = $1 and l.id = any($2::uuid[]) and l.kind in ('usage', 'refund')`,
};

export async function usageDetailsOf(db: DbOrTx, userId: string, entryIds: string[]): Promise<Map<string, UsageDetail>> {
  if (entryIds.length === 0) return new Map();
  const rows = await preparedRows<{
    id: string;
    prompt: string;
    free_images: number;
    session_id: string | null;
    thumbnail_url: string | null;
  }>(db, USAGE_DETAILS, [userId, entryIds]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        prompt: shortened(row.prompt),
        thumbnail_url: row.thumbnail_url,
        session_id: row.session_id,
        free_images: Math.max(0, Number(row.free_images)),
      },
    ]),
  );
}

function shortened(prompt: string): string {
  const text = prompt.replace(/\s+/g, ' ').trim();
  return text.length <= USAGE_PROMPT_MAX_LENGTH ? text : `${text.slice(0, USAGE_PROMPT_MAX_LENGTH - 1).trimEnd()}…`;
}
