ALTER TABLE "agent_jobs" ADD COLUMN "engine_model" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "engine" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "requested_engine" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "requested_aspect_ratio" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "requested_image_count" integer;