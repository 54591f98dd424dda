CREATE TABLE "user_file_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"approved_uploaded" bigint DEFAULT 0 NOT NULL,
	"approved_generated" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "chat_sessions_user_active_updated_idx";--> statement-breakpoint
DROP INDEX "messages_session_created_idx";--> statement-breakpoint
DROP INDEX "user_files_user_verified_generated_uploaded_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_user_created_idx";--> statement-breakpoint
ALTER TABLE "user_file_counts" ADD CONSTRAINT "user_file_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_user_active_updated_id_idx" ON "chat_sessions" USING btree ("user_id","is_active","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_session_created_id_idx" ON "messages" USING btree ("session_id","timestamp_created","id");--> statement-breakpoint
CREATE INDEX "user_files_user_verified_generated_uploaded_id_idx" ON "user_files" USING btree ("user_id","verified_enum","is_generated","upload_timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_id_idx" ON "ledger_entries" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The per-user counts of approved files, kept by Postgres in the same transaction as the change:
-- an insert, a delete (also a cascade from a deleted user or session) or an update of user_files.
-- Statement-level with transition tables: one statement touching 100,000 files (an account or a
-- retention delete, a bulk insert) makes one change per user, not 100,000 updates of one row.
-- A delete only ever updates, so a cascade that removes the count row first cannot re-create it.
CREATE FUNCTION "user_file_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE user_file_counts c
      SET approved_uploaded = c.approved_uploaded - gone.uploaded,
          approved_generated = c.approved_generated - gone.generated
      FROM (
        SELECT user_id, count(*) FILTER (WHERE NOT is_generated) AS uploaded, count(*) FILTER (WHERE is_generated) AS generated
        FROM old_files WHERE verified_enum = 'approved' GROUP BY user_id
      ) gone
      WHERE c.user_id = gone.user_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_file_counts (user_id, approved_uploaded, approved_generated)
      SELECT user_id, count(*) FILTER (WHERE NOT is_generated), count(*) FILTER (WHERE is_generated)
      FROM new_files WHERE verified_enum = 'approved' GROUP BY user_id
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
        FROM new_files WHERE verified_enum = 'approved'
        UNION ALL
        SELECT user_id, -(NOT is_generated)::int, -(is_generated::int)
        FROM old_files WHERE verified_enum = 'approved'
      ) change
      GROUP BY user_id
      HAVING sum(uploaded) <> 0 OR sum(generated) <> 0
      ON CONFLICT (user_id) DO UPDATE
      SET approved_uploaded = user_file_counts.approved_uploaded + EXCLUDED.approved_uploaded,
          approved_generated = user_file_counts.approved_generated + EXCLUDED.approved_generated;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_files_count_insert" AFTER INSERT ON "user_files"
  REFERENCING NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION "user_file_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "user_files_count_delete" AFTER DELETE ON "user_files"
  REFERENCING OLD TABLE AS old_files FOR EACH STATEMENT EXECUTE FUNCTION "user_file_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "user_files_count_update" AFTER UPDATE ON "user_files"
  REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION "user_file_counts_keep"();--> statement-breakpoint
-- The files there are already.
INSERT INTO user_file_counts (user_id, approved_uploaded, approved_generated)
  SELECT user_id, count(*) FILTER (WHERE NOT is_generated), count(*) FILTER (WHERE is_generated)
  FROM user_files WHERE verified_enum = 'approved' GROUP BY user_id;
