CREATE TABLE "job_leases" (
	"queue_job_id" uuid PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"retry_count" integer NOT NULL,
	"retry_limit" integer NOT NULL,
	"worker_id" text NOT NULL,
	"leased_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_jobs" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_leases_leased_until_idx" ON "job_leases" USING btree ("leased_until");