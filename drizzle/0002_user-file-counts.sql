CREATE TABLE "user_file_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"approved_uploaded" bigint DEFAULT 0 NOT NULL,
	"approved_generated" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "chat_sessions_user_active_updated_idx";--> statement-breakpoint
DROP INDEX "messages_session_created_idx";--> statement-breakpoint
ALTER TABLE "user_file_counts" ADD CONSTRAINT "user_file_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_user_active_updated_id_idx" ON "chat_sessions" USING btree ("user_id","is_active","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_session_created_id_idx" ON "messages" USING btree ("session_id","timestamp_created","id");--> statement-breakpoint
-- The per-user counts of approved files, kept by Postgres in the same transaction as the change:
-- an insert, a delete (also a cascade from a deleted user or session), or an update that changes
-- the verdict, the kind or the owner. A delete only ever updates, so a cascade that removes the
-- count row first cannot re-create it.
CREATE FUNCTION "user_file_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.verified_enum = 'approved' THEN
    UPDATE user_file_counts
      SET approved_uploaded = approved_uploaded - (NOT OLD.is_generated)::int,
          approved_generated = approved_generated - OLD.is_generated::int
      WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.verified_enum = 'approved' THEN
    INSERT INTO user_file_counts (user_id, approved_uploaded, approved_generated)
      VALUES (NEW.user_id, (NOT NEW.is_generated)::int, NEW.is_generated::int)
      ON CONFLICT (user_id) DO UPDATE
      SET approved_uploaded = user_file_counts.approved_uploaded + EXCLUDED.approved_uploaded,
          approved_generated = user_file_counts.approved_generated + EXCLUDED.approved_generated;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_files_count_insert_delete" AFTER INSERT OR DELETE ON "user_files"
  FOR EACH ROW EXECUTE FUNCTION "user_file_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "user_files_count_update" AFTER UPDATE OF "verified_enum", "is_generated", "user_id" ON "user_files"
  FOR EACH ROW
  WHEN (OLD.verified_enum IS DISTINCT FROM NEW.verified_enum OR OLD.is_generated IS DISTINCT FROM NEW.is_generated OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "user_file_counts_keep"();--> statement-breakpoint
-- The files there are already.
INSERT INTO user_file_counts (user_id, approved_uploaded, approved_generated)
  SELECT user_id, count(*) FILTER (WHERE NOT is_generated), count(*) FILTER (WHERE is_generated)
  FROM user_files WHERE verified_enum = 'approved' GROUP BY user_id;
