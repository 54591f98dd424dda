CREATE TABLE "spending_controls" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_limit_cents" bigint,
	"monthly_limit_cents" bigint,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"low_balance_threshold_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_controls_limits_positive" CHECK (coalesce("spending_controls"."daily_limit_cents", 1) > 0 and coalesce("spending_controls"."monthly_limit_cents", 1) > 0),
	CONSTRAINT "spending_controls_threshold_non_negative" CHECK (coalesce("spending_controls"."low_balance_threshold_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "spending_controls" ADD CONSTRAINT "spending_controls_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;