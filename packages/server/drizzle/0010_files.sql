CREATE TABLE "files" (
	"file_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"temp_file_id" text,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"source" text NOT NULL,
	"embedded" boolean DEFAULT false NOT NULL,
	"context" text DEFAULT 'message_attachment' NOT NULL,
	"endpoint" text,
	"tool_resource" text,
	"conversation_id" text,
	"usage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_user_updated_idx" ON "files" USING btree ("user_id","updated_at" DESC NULLS FIRST);