-- Deleting a question or an answer cascades to its likes, and the cascade looks them up by
-- item alone: the partial unique indexes of 0001 (item with user, item with session) cannot
-- serve that lookup, so without these every delete scanned all the likes of the site.
CREATE INDEX question_likes_question_idx ON question_likes (question_id);
CREATE INDEX answer_likes_answer_idx ON answer_likes (answer_id);
