CREATE TABLE "prompt_groups" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"oneliner" text DEFAULT '' NOT NULL,
	"command" text,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"production_id" text,
	"project_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"number_of_generations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"group_id" text NOT NULL,
	"author_id" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_groups" ADD CONSTRAINT "prompt_groups_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_groups" ADD CONSTRAINT "prompt_groups_production_id_prompts_id_fk" FOREIGN KEY ("production_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_group_id_prompt_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."prompt_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_groups_author_created_idx" ON "prompt_groups" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_groups_project_ids_idx" ON "prompt_groups" USING gin ("project_ids");--> statement-breakpoint
CREATE INDEX "prompts_group_created_idx" ON "prompts" USING btree ("group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompts_author_idx" ON "prompts" USING btree ("author_id");