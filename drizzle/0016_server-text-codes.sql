ALTER TABLE "messages" ADD COLUMN "content_codes" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "description_code" jsonb;--> statement-breakpoint
ALTER TABLE "retained_ledger_entries" ADD COLUMN "description_code" jsonb;