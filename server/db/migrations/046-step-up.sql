-- Step-up for what takes over an account (decision 047).
--
-- Wrong second-factor codes in a row, per account: after five, the second step is locked for fifteen
-- minutes on every server (the count lives here, not in a server's memory). A right code deletes the
-- row. Read only by sign-in and step-up, never by a kept answer, so it has no data_changes trigger
-- (migration 043; server/db/data-changes.test.ts names it).
CREATE TABLE second_factor_failures (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Security changes are marked in the audit trail: one's own password, email and two-factor changes,
-- an admin's change of a role and of the bank accounts members pay into. device is the browser and
-- system of the request that made the change, as a person would recognise it ("Chrome on Windows").
ALTER TABLE audit_log ADD COLUMN security boolean NOT NULL DEFAULT false;
ALTER TABLE audit_log ADD COLUMN device text;

-- A person's recent security changes (the sessions card), newest first.
CREATE INDEX audit_log_security_idx ON audit_log (entity_id, created_at DESC, id) WHERE security AND entity_type = 'user';
