CREATE TABLE "card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text NOT NULL,
	"stripe_refund_id" text,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"requested_by" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id")
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"frozen_cents" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_queue_pauses" (
	"job_name" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"operator_id" text,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" text,
	"target_reference" text,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "operator_granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_accounts" ADD COLUMN "frozen_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_refunds_payment_intent_idx" ON "card_refunds" USING btree ("payment_intent_id","created_at");--> statement-breakpoint
CREATE INDEX "card_refunds_user_idx" ON "card_refunds" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_disputes_user_idx" ON "payment_disputes" USING btree ("user_id","opened_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_disputes_opened_idx" ON "payment_disputes" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agent_jobs_created_idx" ON "agent_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agent_jobs_failed_idx" ON "agent_jobs" USING btree ("completed_at" DESC NULLS FIRST) WHERE "agent_jobs"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_payment_intent_idx" ON "checkout_sessions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "balance_accounts" ADD CONSTRAINT "balance_accounts_frozen_non_negative" CHECK ("balance_accounts"."frozen_cents" >= 0);--> statement-breakpoint
-- hand-written:
-- The audit log is append-only: whatever writes to the database, an entry once written is never
-- changed or removed (features/admin; decision 031).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
