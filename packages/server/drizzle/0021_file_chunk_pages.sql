-- File search cites a PDF passage by page: each chunk remembers the pages it starts and ends on
-- (null for documents without pages, and for chunks indexed before these columns existed).
ALTER TABLE "file_chunks" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD COLUMN "last_page" integer;
