-- A CNIC that a user puts on their own profile while another account has it (server/profile/
-- profile-service.ts): it is not saved as theirs (users.cnic stays unique), but held on their row
-- until an administrator gives it to them or dismisses it (server/users/cnic-claims.ts). Their own
-- profile shows it back to them as if saved, so that the answer never tells them whose it is.
ALTER TABLE users ADD COLUMN cnic_claim text CHECK (cnic_claim ~ '^[0-9]{13}$');
ALTER TABLE users ADD COLUMN cnic_claimed_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_cnic_claim_when CHECK ((cnic_claim IS NULL) = (cnic_claimed_at IS NULL));

-- The users list filtered to held CNICs, in the list's own order (newest first).
CREATE INDEX users_cnic_claims_idx ON users (created_at DESC, id) WHERE cnic_claim IS NOT NULL;
