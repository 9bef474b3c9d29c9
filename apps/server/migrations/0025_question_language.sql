-- The language a question was written in, detected from its text when it is posted and
-- when its author edits it (lib/content-language.ts): a BCP 47 primary code ('en', 'es',
-- 'ar', ...), or NULL when the text does not tell. Posts are never translated; the feed
-- can be filtered by this code, and a question of unknown language is in every filter.
--
-- Existing rows stay NULL: detection is JavaScript, which SQL cannot call. An unknown
-- language is what the filter already has to handle (short texts), so old questions are
-- simply listed whatever the filter, and are detected on their next edit.
ALTER TABLE questions ADD COLUMN language text
  CHECK (language IS NULL OR language ~ '^[a-z]{2,3}$');

-- The feed filtered by language walks its sort's index and skips other languages, like
-- the gender and age filters; the languages are few and a filter keeps most of the feed,
-- so no index of its own.
