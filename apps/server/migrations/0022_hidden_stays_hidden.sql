-- Live events of a hidden thread (services/live-events.ts). A question hidden by reports
-- shows its thread to nobody but its asker and admins, so:
--   r:<question id>:<answer id>   is no longer sent for a reply under a hidden question
--                                 (written by its asker or an admin while it is hidden);
--   h:<question id>               the question was hidden: streams on it that may no longer
--                                 show it end;
--   d:<question id>               the question was deleted: every stream on it ends.
CREATE OR REPLACE FUNCTION notify_reply_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dating.live_events', true) IS DISTINCT FROM 'off'
     AND NOT EXISTS (
       SELECT 1 FROM questions WHERE id = NEW.question_id AND hidden_at IS NOT NULL) THEN
    PERFORM pg_notify(live_events_channel(), 'r:' || NEW.question_id || ':' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION notify_question_unavailable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dating.live_events', true) IS DISTINCT FROM 'off' THEN
    PERFORM pg_notify(
      live_events_channel(),
      CASE WHEN TG_OP = 'DELETE' THEN 'd:' ELSE 'h:' END || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER questions_live_hide AFTER UPDATE OF hidden_at ON questions
  FOR EACH ROW WHEN (OLD.hidden_at IS NULL AND NEW.hidden_at IS NOT NULL)
  EXECUTE FUNCTION notify_question_unavailable();
CREATE TRIGGER questions_live_delete AFTER DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION notify_question_unavailable();
