-- Likes and reports of a private key stop carrying the key's SHA-256, the value its posts
-- carry, so that a key's likes cannot be joined across threads or to what it wrote. They
-- keep instead a MAC per key and target (apps/server/src/lib/activity-macs.ts); the
-- unique indexes and checks on the column keep one like and one report per key and
-- target. The rows stored so far are converted by the migrator right after this file, in
-- its transaction (db/migrator.ts): the MAC needs the server secret, which SQL has not.
ALTER TABLE question_likes RENAME COLUMN session_hash TO key_mac;
ALTER TABLE answer_likes RENAME COLUMN session_hash TO key_mac;
ALTER TABLE reports RENAME COLUMN session_hash TO key_mac;
ALTER INDEX question_likes_session_key RENAME TO question_likes_key_mac_key;
ALTER INDEX answer_likes_session_key RENAME TO answer_likes_key_mac_key;
ALTER INDEX reports_question_session_key RENAME TO reports_question_key_mac_key;
ALTER INDEX reports_answer_session_key RENAME TO reports_answer_key_mac_key;

-- Auto-hide counts people by network, not keys (apps/server/src/lib/reporter-networks.ts):
-- an HMAC of the reporter's network with the target, kept while the report is pending.
-- Reports stored before have none and count one each, as they did.
ALTER TABLE reports ADD COLUMN reporter_net bytea;
