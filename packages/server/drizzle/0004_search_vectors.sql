-- Full-text search lives in the database (ARCHITECTURE "Data"): stored generated tsvector columns
-- with GIN indexes, queried with websearch_to_tsquery('english', ...). They are written here by
-- hand and deliberately NOT declared in the Drizzle tables, so that the ordinary `select()` of a
-- message or conversation never ships its tsvector to the application. Only the first 100,000
-- characters of a message are indexed: a tsvector is limited to 1 MB and an insert of a longer
-- text must never fail because of search.
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left("text", 100000))) STORED;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "title_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title")) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "conversations_title_search_idx" ON "conversations" USING gin ("title_vector");
