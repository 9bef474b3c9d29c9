-- Access tokens revoked before they expire (auth/denylist.ts): one row per revoked access
-- token ('jti:<id>') or per refresh family whose access tokens are all revoked
-- ('fam:<id>'), kept until the last such token would have expired anyway. The database
-- is the record; Redis, when configured, answers the check made on every request.
CREATE TABLE revoked_tokens (
  id         text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

-- Idempotency keys (plugins/idempotency.ts). A row is written in the same transaction as
-- what the request creates, so it exists if and only if that creation committed; the
-- response is added once it is sent. `id` and `fingerprint` are keyed hashes (HMAC): of
-- the requester's identity with the client's key, and of the request itself, so that no
-- identity, key or password is kept in the clear. The body is the response as sent,
-- except the requester's own session id, which is never stored.
CREATE TABLE idempotency_keys (
  id          bytea PRIMARY KEY,
  fingerprint bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  status      smallint,
  body        text,
  CONSTRAINT idempotency_keys_response CHECK ((status IS NULL) = (body IS NULL))
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
