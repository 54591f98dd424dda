CREATE TABLE "image_masks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"png" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"coverage" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mask_id" uuid;--> statement-breakpoint
ALTER TABLE "image_masks" ADD CONSTRAINT "image_masks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_masks" ADD CONSTRAINT "image_masks_file_id_user_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."user_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_masks_user_idx" ON "image_masks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "image_masks_created_idx" ON "image_masks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "image_masks_file_idx" ON "image_masks" USING btree ("file_id");