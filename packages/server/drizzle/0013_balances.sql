CREATE TABLE "balance_reservations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" double precision NOT NULL,
	"prompt_tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_transactions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"token_type" text NOT NULL,
	"conversation_id" text,
	"message_id" text,
	"hold_id" text,
	"endpoint" text,
	"model" text,
	"raw_amount" integer,
	"rate" double precision,
	"token_value" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_credits" double precision NOT NULL,
	"auto_refill_enabled" boolean DEFAULT false NOT NULL,
	"refill_interval_value" integer,
	"refill_interval_unit" text,
	"refill_amount" double precision,
	"last_refill" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_not_negative" CHECK ("balances"."token_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balance_reservations" ADD CONSTRAINT "balance_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_reservations_message_unique" ON "balance_reservations" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "balance_reservations_created_idx" ON "balance_reservations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "balance_transactions_user_created_idx" ON "balance_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_transactions_hold_kind_unique" ON "balance_transactions" USING btree ("hold_id","token_type") WHERE "balance_transactions"."hold_id" is not null;