-- Keep each question's search vector in its row. A tsvector hardly compresses, so in a long
-- question's row PostgreSQL moved it out to the TOAST table, and ranking a search's
-- candidates fetched it from there: at 1,000,000 questions that doubled the pages a
-- rare-word search reads (bench/README.md). With MAIN, the long text columns are
-- compressed and moved out first; the vector leaves the row only when nothing else can.
--
-- It applies to rows written from now on; `VACUUM FULL questions` rewrites older ones.
ALTER TABLE questions ALTER COLUMN search_vector SET STORAGE MAIN;
