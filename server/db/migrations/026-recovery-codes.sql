-- Two-factor recovery codes (server/accounts/recovery-codes.ts): ten single-use codes per account with
-- two-factor sign-in on, each standing in for one authenticator code at sign-in. Only a SHA-256 digest
-- of the code (with the user's id) is stored: a code is ~50 random bits and replaces only the second
-- factor, the password (argon2) is still needed. A new set replaces the old one (its rows are deleted);
-- turning two-factor off deletes them too. used_at is set once, by a conditional UPDATE.
CREATE TABLE two_factor_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  CONSTRAINT two_factor_recovery_codes_user_code_key UNIQUE (user_id, code_hash)
);
