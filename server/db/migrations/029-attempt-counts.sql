-- Attempt counters shared by every server (server/http/attempt-counter.ts): sign-in, registration,
-- account mail, password reset, two-factor codes, profile changes, receipt uploads and the per-address
-- limits of the account routes. One row per counted key, in a fixed window that the database's clock
-- opens and closes, so servers with skewed clocks agree and a lock-out holds on every server. The key
-- is stored only as a SHA-256 digest: it names an email or an address, which the table need not keep.
-- Rows whose window has ended are deleted hourly; until then an ended window is simply restarted.
CREATE TABLE attempt_counts (
  key_hash bytea PRIMARY KEY CHECK (octet_length(key_hash) = 32),
  hits integer NOT NULL CHECK (hits > 0),
  window_ends timestamptz NOT NULL
);
