-- A commitment that binds (docs/draws.md). A committed draw may be drawn only once its notice has run
-- (drawable_at, DRAW_NOTICE_HOURS after the commitment): members are told of each commitment and have
-- that long to see it. It ends drawn, or void for a cause the record names: replaced by a new commitment
-- (before this migration), voided by the administrator with a reason, or because the member it picked
-- was no longer eligible when drawn (recorded, never rolled back).
ALTER TABLE draws ADD COLUMN drawable_at timestamptz;
ALTER TABLE draws ADD COLUMN void_cause text CHECK (void_cause IN ('REPLACED', 'ADMIN', 'INELIGIBLE'));
ALTER TABLE draws ADD COLUMN void_reason text CHECK (length(void_reason) <= 500);
ALTER TABLE draws ADD COLUMN voided_by uuid REFERENCES users (id);
ALTER TABLE draws ADD COLUMN voided_at timestamptz;

-- The draws already made: drawable when committed, and a void one was replaced (the only cause there was).
ALTER TABLE draws DISABLE TRIGGER draws_append_only;
UPDATE draws SET drawable_at = committed_at;
UPDATE draws SET void_cause = 'REPLACED' WHERE status = 'VOID';
ALTER TABLE draws ENABLE TRIGGER draws_append_only;
ALTER TABLE draws ALTER COLUMN drawable_at SET NOT NULL;
ALTER TABLE draws ADD CONSTRAINT draws_void_has_cause CHECK ((status = 'VOID') = (void_cause IS NOT NULL));

CREATE OR REPLACE FUNCTION draws_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'draws are append-only'; END IF;
  -- Only a committed draw changes, once: to DRAWN or VOID; what was committed never changes.
  IF OLD.status <> 'COMMITTED' OR NEW.seed <> OLD.seed OR NEW.commitment <> OLD.commitment OR NEW.eligible <> OLD.eligible
     OR NEW.group_id <> OLD.group_id OR NEW.month <> OLD.month OR NEW.year <> OLD.year OR NEW.committed_at <> OLD.committed_at
     OR NEW.drawable_at <> OLD.drawable_at THEN
    RAISE EXCEPTION 'draws are append-only';
  END IF;
  RETURN NEW;
END $$;

-- A group's draw record published at a link that needs no sign-in: an unguessable token, one per group,
-- removed when revoked (docs/draws.md). The token is kept as it is, so that the administrator can copy the
-- link again: it opens only what every member of the group may read, with names shortened.
CREATE TABLE draw_record_links (
  group_id uuid PRIMARY KEY REFERENCES committee_groups (id),
  token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{43}$'),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Kept answers are forgotten when a link changes (migration 043).
CREATE TRIGGER data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON draw_record_links FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
