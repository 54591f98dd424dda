DROP INDEX "dev_mails_created_idx";--> statement-breakpoint
CREATE INDEX "dev_mails_created_idx" ON "dev_mails" USING btree ("created_at" DESC NULLS FIRST);