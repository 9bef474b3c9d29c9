-- Initial schema. Written for PostgreSQL 15+ (production) and PGlite (Postgres 18, embedded).

CREATE TABLE users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL,
  email         text,
  password_hash text NOT NULL,
  is_staff      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_length CHECK (char_length(username) BETWEEN 3 AND 150)
);
-- Usernames and emails are unique regardless of case, so "Alex" cannot impersonate "alex".
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;

-- Refresh tokens: one row per issued token; a family is one login's chain of rotations.
CREATE TABLE refresh_tokens (
  jti         uuid PRIMARY KEY,
  family_id   uuid NOT NULL,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE tags (
  id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  CONSTRAINT tags_name_shape CHECK (name = lower(btrim(name)) AND char_length(name) BETWEEN 1 AND 32)
);

CREATE TABLE questions (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  text          text NOT NULL,
  -- Plain text of the question and its tag names, kept by the application, for search.
  search_text   text NOT NULL DEFAULT '',
  tag_text      text NOT NULL DEFAULT '',
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, tag_text), 'A') ||
    setweight(to_tsvector('english'::regconfig, search_text), 'B')
  ) STORED,
  likes         integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  answer_count  integer NOT NULL DEFAULT 0 CHECK (answer_count >= 0),
  gender        text NOT NULL DEFAULT 'U' CHECK (gender IN ('W', 'M', 'NB', 'U')),
  age_range     text NOT NULL DEFAULT 'U' CHECK (age_range IN ('18-25', '26-35', '36-45', '45+', 'U')),
  user_id       integer REFERENCES users (id) ON DELETE SET NULL,
  -- SHA-256 of the anonymous session id; the id itself is never stored.
  session_hash  bytea,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- The feed is newest first (id order) with optional filters; each gets an index.
CREATE INDEX questions_gender_idx ON questions (gender, id DESC);
CREATE INDEX questions_age_range_idx ON questions (age_range, id DESC);
CREATE INDEX questions_gender_age_idx ON questions (gender, age_range, id DESC);
CREATE INDEX questions_user_idx ON questions (user_id, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX questions_search_idx ON questions USING gin (search_vector);

CREATE TABLE question_tags (
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  tag_id      integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (question_id, tag_id)
);
CREATE INDEX question_tags_tag_idx ON question_tags (tag_id, question_id DESC);

CREATE TABLE answers (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question_id  integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  parent_id    integer REFERENCES answers (id) ON DELETE CASCADE,
  text         text NOT NULL,
  likes        integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  gender       text NOT NULL DEFAULT 'U' CHECK (gender IN ('W', 'M', 'NB', 'U')),
  age_range    text NOT NULL DEFAULT 'U' CHECK (age_range IN ('18-25', '26-35', '36-45', '45+', 'U')),
  user_id      integer REFERENCES users (id) ON DELETE SET NULL,
  session_hash bytea,
  is_deleted   boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT answers_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX answers_question_idx ON answers (question_id, id);
CREATE INDEX answers_parent_idx ON answers (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX answers_user_idx ON answers (user_id, id DESC) WHERE user_id IS NOT NULL;

-- One like per user, or per anonymous session, per item: the unique indexes make a
-- concurrent duplicate fail instead of counting twice.
CREATE TABLE question_likes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question_id  integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  session_hash bytea,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT question_likes_one_liker CHECK (num_nonnulls(user_id, session_hash) = 1)
);
CREATE UNIQUE INDEX question_likes_user_key ON question_likes (question_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX question_likes_session_key ON question_likes (question_id, session_hash) WHERE session_hash IS NOT NULL;

CREATE TABLE answer_likes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  answer_id    integer NOT NULL REFERENCES answers (id) ON DELETE CASCADE,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  session_hash bytea,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT answer_likes_one_liker CHECK (num_nonnulls(user_id, session_hash) = 1)
);
CREATE UNIQUE INDEX answer_likes_user_key ON answer_likes (answer_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX answer_likes_session_key ON answer_likes (answer_id, session_hash) WHERE session_hash IS NOT NULL;

-- A report outlives its content: when the content is deleted the target id becomes NULL
-- and target_type still says what it was.
CREATE TABLE reports (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target_type  text NOT NULL CHECK (target_type IN ('question', 'answer')),
  question_id  integer REFERENCES questions (id) ON DELETE SET NULL,
  answer_id    integer REFERENCES answers (id) ON DELETE SET NULL,
  reason       text NOT NULL CHECK (reason IN ('inappropriate', 'offensive', 'harassment', 'spam', 'other')),
  details      text,
  user_id      integer REFERENCES users (id) ON DELETE SET NULL,
  session_hash bytea,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  reviewed_at  timestamptz,
  CONSTRAINT reports_one_target CHECK (
    (target_type = 'question' AND answer_id IS NULL) OR
    (target_type = 'answer' AND question_id IS NULL)
  ),
  CONSTRAINT reports_reviewed CHECK ((status = 'pending') = (reviewed_at IS NULL))
);
CREATE INDEX reports_pending_idx ON reports (id) WHERE status = 'pending';
CREATE INDEX reports_question_idx ON reports (question_id) WHERE question_id IS NOT NULL;
CREATE INDEX reports_answer_idx ON reports (answer_id) WHERE answer_id IS NOT NULL;
