-- File search: passages of uploaded documents, searched in full text through a stored generated
-- tsvector with a GIN index (written by hand and left out of the Drizzle table, as on messages, so
-- that reading chunks never ships the vector). A chunk is at most a few thousand characters.
CREATE TABLE "file_chunks" (
	"file_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_chunks_file_position_idx" ON "file_chunks" USING btree ("file_id","position");--> statement-breakpoint
CREATE INDEX "file_chunks_user_idx" ON "file_chunks" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "file_chunks" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED;--> statement-breakpoint
CREATE INDEX "file_chunks_search_idx" ON "file_chunks" USING gin ("search_vector");
