-- Opt-in two-factor sign-in (TOTP, RFC 6238) for administrators.
-- two_factor_secret: the base32 secret, kept only while a set-up waits for its first code or while
--   two-factor is on; turning it off clears it.
-- two_factor_enabled_at: when it was turned on; NULL means off.
-- two_factor_last_step: the 30-second time step of the last code accepted. A code is accepted only for a
--   later step, so a code that was seen (over a shoulder, in a proxy log) cannot be used again.

ALTER TABLE users ADD COLUMN two_factor_secret text;
ALTER TABLE users ADD COLUMN two_factor_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN two_factor_last_step bigint;
ALTER TABLE users ADD CONSTRAINT users_two_factor_on_has_secret CHECK (two_factor_enabled_at IS NULL OR two_factor_secret IS NOT NULL);
