CREATE TABLE "auto_top_up_triggers" (
	"trigger_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spending_controls" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_limit_cents" bigint,
	"monthly_limit_cents" bigint,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"low_balance_threshold_cents" bigint,
	"low_balance_armed" boolean DEFAULT true NOT NULL,
	"auto_top_up_enabled" boolean DEFAULT false NOT NULL,
	"auto_top_up_threshold_cents" bigint,
	"auto_top_up_amount_cents" bigint,
	"auto_top_up_monthly_max" integer,
	"saved_payment_method_id" text,
	"saved_card_label" text,
	"auto_top_up_problem" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_controls_limits_positive" CHECK (coalesce("spending_controls"."daily_limit_cents", 1) > 0 and coalesce("spending_controls"."monthly_limit_cents", 1) > 0),
	CONSTRAINT "spending_controls_threshold_non_negative" CHECK (coalesce("spending_controls"."low_balance_threshold_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "auto_top_up_triggers" ADD CONSTRAINT "auto_top_up_triggers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_controls" ADD CONSTRAINT "spending_controls_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;