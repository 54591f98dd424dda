DROP INDEX "agent_jobs_message_idx";--> statement-breakpoint
ALTER TABLE "agent_jobs" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "images_made" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "chosen_version" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_jobs_message_version_idx" ON "agent_jobs" USING btree ("message_id","version");--> statement-breakpoint
-- Sessions made before numbering count the images they already have.
UPDATE "chat_sessions" s SET "images_made" = (SELECT count(*) FROM "agent_jobs" j JOIN "generated_outputs" o ON o."job_id" = j."id" WHERE j."session_id" = s."id");
