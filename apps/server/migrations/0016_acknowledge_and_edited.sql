-- Trust and clarity.
--
-- "Acknowledge, keep": an admin who has seen a crisis flag records that in the log and
-- takes the flag off the queue (closed as rejected: the content is kept), deleting nothing.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('approve', 'reject', 'auto_hide', 'unhide', 'delete', 'acknowledge'));

-- When the text of a post was last edited by its owner (PATCH), NULL if never. Not
-- updated_at: likes, counts and hiding change that, and showing it would tell when
-- someone liked or replied. The edit already bumps the feed and thread versions (the
-- triggers of migrations 0003 and 0012), so kept lists and threads show the new mark.
ALTER TABLE questions ADD COLUMN edited_at timestamptz;
ALTER TABLE answers ADD COLUMN edited_at timestamptz;
