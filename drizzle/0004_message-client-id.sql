ALTER TABLE "messages" ADD COLUMN "client_message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_user_client_message_idx" ON "messages" USING btree ("user_id","client_message_id");