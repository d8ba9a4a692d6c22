-- The first-run setup page saves the instance's own settings (one row: its name and an optional
-- first provider, the key encrypted under CREDS_KEY); the environment and parley.yaml still win.
-- The account page saves the interface language and the answer-figures switch on the account, and
-- keeps a new address pending until the link mailed to it is followed.
CREATE TABLE "instance_settings" (
	"id" text PRIMARY KEY DEFAULT 'instance' NOT NULL,
	"app_title" text,
	"provider" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_single_row" CHECK ("instance_settings"."id" = 'instance')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_answer_figures" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;