-- Linking an external sign-in to an account by its address now needs a proof that the account's
-- holder owns the address (users.email_proof) or the account's password, or an administrator.
CREATE TABLE "external_link_conflicts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proof" text;--> statement-breakpoint
ALTER TABLE "external_identities" ADD COLUMN "linked_by" text;--> statement-breakpoint
ALTER TABLE "external_link_conflicts" ADD CONSTRAINT "external_link_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_link_conflicts_provider_subject_unique" ON "external_link_conflicts" USING btree ("provider","subject");;--> statement-breakpoint
-- Backfill. Accounts without a password were made by an external sign-in whose provider vouched
-- for the address; their links cannot have been a takeover (there is no password to know).
-- Whether older password accounts' addresses were proven by mail cannot be told after the fact,
-- so they stay unproven, and their links stay unexplained (null) for the operator's review.
UPDATE "users" SET "email_proof" = 'provider'
  WHERE "password_hash" IS NULL
    AND EXISTS (SELECT 1 FROM "external_identities" i WHERE i."user_id" = "users"."id");--> statement-breakpoint
UPDATE "external_identities" SET "linked_by" = 'sign-up'
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "password_hash" IS NULL);
