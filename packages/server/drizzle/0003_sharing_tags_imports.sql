CREATE TABLE "shared_links" (
	"share_id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"messages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_tags" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"tag" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_conversation_id_conversations_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD CONSTRAINT "conversation_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_links_conversation_idx" ON "shared_links" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "shared_links_user_created_idx" ON "shared_links" USING btree ("user_id","created_at" DESC NULLS LAST,"share_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_tags_user_tag_idx" ON "conversation_tags" USING btree ("user_id","tag");--> statement-breakpoint
CREATE INDEX "conversation_tags_user_position_idx" ON "conversation_tags" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "conversations_import_idx" ON "conversations" USING btree ("import_id") WHERE "conversations"."import_id" is not null;