-- Hand-written: pg_trgm must exist before its operator class is used (PGlite loads the bundle, db/pglite-extensions.mjs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "conversations_title_trgm_idx" ON "conversations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_text_trgm_idx" ON "messages" USING gin ("text" gin_trgm_ops);