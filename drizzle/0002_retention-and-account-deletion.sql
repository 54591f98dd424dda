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
CREATE INDEX "user_files_retained_idx" ON "user_files" USING btree ("is_generated","upload_timestamp") WHERE "user_files"."expired_at" is null;