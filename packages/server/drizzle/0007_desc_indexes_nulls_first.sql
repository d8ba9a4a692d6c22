DROP INDEX "conversations_user_updated_idx";--> statement-breakpoint
DROP INDEX "messages_user_updated_idx";--> statement-breakpoint
DROP INDEX "shared_links_user_created_idx";--> statement-breakpoint
CREATE INDEX "conversations_user_updated_idx" ON "conversations" USING btree ("user_id","updated_at" DESC NULLS FIRST,"conversation_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_user_updated_idx" ON "messages" USING btree ("user_id","updated_at" DESC NULLS FIRST,"message_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shared_links_user_created_idx" ON "shared_links" USING btree ("user_id","created_at" DESC NULLS FIRST,"share_id" DESC NULLS FIRST);