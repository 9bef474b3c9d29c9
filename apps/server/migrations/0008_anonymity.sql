-- Anonymity that lasts and never links.

-- One identity per request: a signed-in reporter's report used to keep the tab's session
-- hash beside the user id, which joined the account to every anonymous post of that tab.
-- Reports now carry one or the other; this forgets the joins already stored.
UPDATE reports SET session_hash = NULL WHERE user_id IS NOT NULL AND session_hash IS NOT NULL;

-- A private key's posts: "My Content" for an anonymous visitor and the claim into an
-- account look posts up by session hash.
CREATE INDEX questions_session_idx ON questions (session_hash) WHERE session_hash IS NOT NULL;
CREATE INDEX answers_session_idx ON answers (session_hash) WHERE session_hash IS NOT NULL;

-- Thread pseudonyms: each answer's author within its thread, 0 for the asker (the
-- question's user, or the same anonymous key), 1, 2, ... for each other author in order of
-- first appearance; shown as "Asker", "Anon 1", "Anon 2"... Numbered when the answer is
-- written (repositories/answers.ts), so a label never changes, even when earlier answers
-- are deleted; the question counts the numbers it has given, so none is given twice.
-- NULL on a "[deleted]" placeholder, which belongs to nobody.
ALTER TABLE questions ADD COLUMN author_count integer NOT NULL DEFAULT 0;
ALTER TABLE answers ADD COLUMN author_number integer CHECK (author_number >= 0);

-- Number the answers already written, by the same rule (see numberAllThreadAuthors).
WITH firsts AS (
  SELECT a.question_id, a.user_id, a.session_hash, min(a.id) AS first_id
  FROM answers a
  WHERE a.user_id IS NOT NULL OR a.session_hash IS NOT NULL
  GROUP BY a.question_id, a.user_id, a.session_hash
), marked AS (
  SELECT f.*,
    (q.user_id IS NOT NULL AND f.user_id = q.user_id)
      OR (q.session_hash IS NOT NULL AND f.session_hash = q.session_hash) AS is_asker
  FROM firsts f JOIN questions q ON q.id = f.question_id
), numbered AS (
  SELECT question_id, user_id, session_hash,
    CASE WHEN is_asker THEN 0
      ELSE row_number() OVER (PARTITION BY question_id, is_asker ORDER BY first_id) END AS n
  FROM marked
)
UPDATE answers a SET author_number = numbered.n
FROM numbered
WHERE a.question_id = numbered.question_id
  AND a.user_id IS NOT DISTINCT FROM numbered.user_id
  AND a.session_hash IS NOT DISTINCT FROM numbered.session_hash;

UPDATE questions q SET author_count = counts.n
FROM (SELECT question_id, max(author_number) AS n FROM answers GROUP BY question_id) counts
WHERE q.id = counts.question_id AND counts.n > 0;
