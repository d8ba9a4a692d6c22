-- The GIN indexes of the search columns are updated in place (fastupdate off). With the default
-- pending list, every few megabytes of inserted text one unlucky insert merges the whole list into
-- the index, which holds the embedded database (one statement at a time) for seconds: a large
-- import made every other request wait that long. In-place updates cost a little on each insert
-- instead, which the import's batch sizing already accounts for.
ALTER INDEX "messages_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "conversations_title_search_idx" SET (fastupdate = off);
