CREATE TABLE "retained_ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"erased_account_id" uuid NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"free_generations_delta" integer NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"created_at" timestamp (6) with time zone NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_files" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "retained_ledger_entries_kind_reference_idx" ON "retained_ledger_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "retained_ledger_entries_created_idx" ON "retained_ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_deleted_idx" ON "chat_sessions" USING btree ("deleted_at") WHERE "chat_sessions"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "user_files_retained_idx" ON "user_files" USING btree ("is_generated","upload_timestamp") WHERE "user_files"."expired_at" is null;--> statement-breakpoint
-- The library counts files that still exist: an expired file (its bytes deleted by the retention
-- job, its row kept for the chat's placeholder) leaves the count when expired_at is set, through the
-- update branch. No file is expired yet when this runs, so the counts need no recount.
CREATE OR REPLACE FUNCTION "user_file_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE user_file_counts c
      SET approved_uploaded = c.approved_uploaded - gone.uploaded,
          approved_generated = c.approved_generated - gone.generated
      FROM (
        SELECT user_id, count(*) FILTER (WHERE NOT is_generated) AS uploaded, count(*) FILTER (WHERE is_generated) AS generated
        FROM old_files WHERE verified_enum = 'approved' AND expired_at IS NULL GROUP BY user_id
      ) gone
      WHERE c.user_id = gone.user_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_file_counts (user_id, approved_uploaded, approved_generated)
      SELECT user_id, count(*) FILTER (WHERE NOT is_generated), count(*) FILTER (WHERE is_generated)
      FROM new_files WHERE verified_enum = 'approved' AND expired_at IS NULL GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE
      SET approved_uploaded = user_file_counts.approved_uploaded + EXCLUDED.approved_uploaded,
          approved_generated = user_file_counts.approved_generated + EXCLUDED.approved_generated;
  ELSE
    -- An update: the new rows count +1 and the old rows -1, so only a change of verdict, kind or
    -- owner leaves a difference to write (a new description or thumbnail writes nothing).
    INSERT INTO user_file_counts (user_id, approved_uploaded, approved_generated)
      SELECT user_id, sum(uploaded), sum(generated)
      FROM (
        SELECT user_id, (NOT is_generated)::int AS uploaded, is_generated::int AS generated
        FROM new_files WHERE verified_enum = 'approved' AND expired_at IS NULL
        UNION ALL
        SELECT user_id, -(NOT is_generated)::int, -(is_generated::int)
        FROM old_files WHERE verified_enum = 'approved' AND expired_at IS NULL
      ) change
      GROUP BY user_id
      HAVING sum(uploaded) <> 0 OR sum(generated) <> 0
      ON CONFLICT (user_id) DO UPDATE
      SET approved_uploaded = user_file_counts.approved_uploaded + EXCLUDED.approved_uploaded,
          approved_generated = user_file_counts.approved_generated + EXCLUDED.approved_generated;
  END IF;
  RETURN NULL;
END
$$;
