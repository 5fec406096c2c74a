-- Verifiable draws (docs/draws.md) and how each winner was chosen.
--
-- A draw freezes a month's eligible members and publishes the commitment, SHA-256 of a secret seed;
-- drawing reveals the seed and records the winner it picks. Committing again before drawing voids the
-- earlier draw (its seed is revealed then too). A draw is never deleted, and once drawn or void it never
-- changes: the record members read is append-only.
CREATE TABLE draws (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id uuid NOT NULL REFERENCES committee_plans (id),
  group_id uuid NOT NULL REFERENCES committee_groups (id),
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  year smallint NOT NULL CHECK (year BETWEEN 2020 AND 2030),
  -- The eligible members when committed, in the rule's order (ids sorted as text), with the name and
  -- position each had then: [{ "userId", "name", "position" }].
  eligible jsonb NOT NULL,
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'COMMITTED' CHECK (status IN ('COMMITTED', 'DRAWN', 'VOID')),
  committed_by uuid REFERENCES users (id),
  committed_at timestamptz NOT NULL DEFAULT now(),
  drawn_by uuid REFERENCES users (id),
  drawn_at timestamptz,
  picked_index integer,
  winner_id uuid,
  CHECK ((status = 'DRAWN') = (winner_id IS NOT NULL AND picked_index IS NOT NULL AND drawn_at IS NOT NULL))
);
-- At most one draw waits to be drawn per group and month.
CREATE UNIQUE INDEX draws_one_open_per_month ON draws (group_id, year, month) WHERE status = 'COMMITTED';
CREATE INDEX draws_group_idx ON draws (group_id, year, month, committed_at);

CREATE FUNCTION draws_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'draws are append-only'; END IF;
  -- Only a committed draw changes, once: to DRAWN or VOID; what was committed never changes.
  IF OLD.status <> 'COMMITTED' OR NEW.seed <> OLD.seed OR NEW.commitment <> OLD.commitment OR NEW.eligible <> OLD.eligible
     OR NEW.group_id <> OLD.group_id OR NEW.month <> OLD.month OR NEW.year <> OLD.year OR NEW.committed_at <> OLD.committed_at THEN
    RAISE EXCEPTION 'draws are append-only';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER draws_append_only BEFORE UPDATE OR DELETE ON draws FOR EACH ROW EXECUTE FUNCTION draws_are_append_only();

-- How a winner was chosen: by a draw, or by hand with the admin's reason.
ALTER TABLE winners ADD COLUMN method text NOT NULL DEFAULT 'MANUAL' CHECK (method IN ('MANUAL', 'DRAW'));
ALTER TABLE winners ADD COLUMN reason text;
ALTER TABLE winners ADD COLUMN draw_id uuid REFERENCES draws (id);
ALTER TABLE draws ADD CONSTRAINT draws_winner_fk FOREIGN KEY (winner_id) REFERENCES winners (id);
CREATE INDEX winners_group_period_idx ON winners (group_id, year, month, selected_at);
