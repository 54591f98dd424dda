ALTER TYPE "public"."agent_job_status" ADD VALUE 'stopped';--> statement-breakpoint
CREATE TABLE "job_previews" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_jobs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "job_previews" ADD CONSTRAINT "job_previews_job_id_agent_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."agent_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_jobs_user_running_idx" ON "agent_jobs" USING btree ("user_id") WHERE "agent_jobs"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "agent_jobs_queued_created_idx" ON "agent_jobs" USING btree ("created_at") WHERE "agent_jobs"."status" = 'queued';