CREATE TABLE "budget_holds" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"message_id" text NOT NULL,
	"subject" text NOT NULL,
	"unit" text NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"amount" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_spend" (
	"subject" text NOT NULL,
	"unit" text NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"used" double precision DEFAULT 0 NOT NULL,
	"held" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "budget_spend_subject_unit_period_period_start_pk" PRIMARY KEY("subject","unit","period","period_start")
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"scope" text NOT NULL,
	"scope_id" text NOT NULL,
	"unit" text NOT NULL,
	"period" text NOT NULL,
	"hard_limit" double precision NOT NULL,
	"soft_percent" integer DEFAULT 80 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "budgets_scope_scope_id_pk" PRIMARY KEY("scope","scope_id")
);
--> statement-breakpoint
CREATE TABLE "model_prices" (
	"model" text PRIMARY KEY NOT NULL,
	"prompt" double precision NOT NULL,
	"completion" double precision NOT NULL,
	"cache_read" double precision,
	"cache_write" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"api_key_id" text DEFAULT '' NOT NULL,
	"endpoint" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_day_user_id_api_key_id_endpoint_model_pk" PRIMARY KEY("day","user_id","api_key_id","endpoint","model")
);
--> statement-breakpoint
CREATE INDEX "budget_holds_message_idx" ON "budget_holds" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "budget_holds_created_idx" ON "budget_holds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_daily_user_day_idx" ON "usage_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "usage_daily_key_day_idx" ON "usage_daily" USING btree ("api_key_id","day");