-- Idempotency keys: a client that retries a money-changing request sends the same Idempotency-Key,
-- and the server replays the first answer instead of acting twice. A key belongs to one user; a row
-- without a status is a request still running (or one whose server died: taken over after a minute).

CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  request_fingerprint text NOT NULL,
  status_code smallint,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
