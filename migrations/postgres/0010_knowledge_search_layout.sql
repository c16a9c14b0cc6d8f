-- Knowledge search (issue 33): a query ranks the newest matches, and
-- finding them reads each candidate's tsvector. Out of line (TOAST) that
-- read costs two extra lookups per row, which made a search for words in a
-- few percent of 50,000 items take 30-60 ms. The tsvector stays in the row
-- (MAIN: moved out only as a last resort; the content goes first, and only
-- the winners' content is read, for their excerpts).
ALTER TABLE knowledge ALTER COLUMN search SET STORAGE MAIN;
-- Rows written before this migration get the new layout now (a stored
-- generated column is recomputed on every update; the content is kept).
UPDATE knowledge SET title = title;
-- No pending list: with fastupdate, new items wait in an unsorted list that
-- every search scans until a vacuum merges it (9 ms per search after a bulk
-- load). Items are saved one at a time, so writing the index directly costs
-- little.
ALTER INDEX knowledge_search SET (fastupdate = off);
SELECT gin_clean_pending_list('knowledge_search'::regclass);
