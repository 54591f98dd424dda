CREATE TABLE "auto_top_up_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"threshold_cents" bigint,
	"amount_cents" bigint,
	"monthly_max_cents" bigint,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"off_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_top_up_settings_amounts_positive" CHECK (coalesce("auto_top_up_settings"."threshold_cents", 1) > 0 and coalesce("auto_top_up_settings"."amount_cents", 1) > 0 and coalesce("auto_top_up_settings"."monthly_max_cents", 1) > 0),
	CONSTRAINT "auto_top_up_settings_enabled_has_card" CHECK (not "auto_top_up_settings"."enabled" or ("auto_top_up_settings"."payment_method_id" is not null and "auto_top_up_settings"."amount_cents" is not null))
);
--> statement-breakpoint
CREATE TABLE "auto_top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"trigger_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"failure_code" text,
	"checkout_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "auto_top_ups_trigger_key_unique" UNIQUE("trigger_key"),
	CONSTRAINT "auto_top_ups_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "auto_top_ups_amount_positive" CHECK ("auto_top_ups"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_top_ups" ADD CONSTRAINT "auto_top_ups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_top_ups_user_created_idx" ON "auto_top_ups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_top_ups_one_open_per_user" ON "auto_top_ups" USING btree ("user_id") WHERE "auto_top_ups"."status" in ('pending', 'requires_action');