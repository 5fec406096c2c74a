-- The operator's corrections (server/corrections, docs/rules.md "Corrections"). None deletes money history.

-- Undoing an approval reverses the commissions it accrued by counter-entries: a row of the opposite
-- amount that names the one it reverses, in the same accrual month, so that the month's batch nets
-- them out. The reversed row is marked, and a payment approved again accrues a new, live commission:
-- at most one live commission per payment and level.
ALTER TABLE commissions ADD COLUMN reverses_commission_id uuid UNIQUE REFERENCES commissions (id);
ALTER TABLE commissions ADD COLUMN reversed_at timestamptz;
ALTER TABLE commissions DROP CONSTRAINT commissions_amount_check;
ALTER TABLE commissions ADD CONSTRAINT commissions_amount_sign CHECK (CASE WHEN reverses_commission_id IS NULL THEN amount >= 0 ELSE amount <= 0 END);
ALTER TABLE commissions ADD CONSTRAINT commissions_counter_not_reversed CHECK (reverses_commission_id IS NULL OR reversed_at IS NULL);
ALTER TABLE commissions DROP CONSTRAINT commissions_payment_level_key;
CREATE UNIQUE INDEX commissions_live_payment_level ON commissions (payment_id, level) WHERE reverses_commission_id IS NULL AND reversed_at IS NULL;
CREATE INDEX commissions_payment_idx ON commissions (payment_id);

-- An approved receipt whose approval was undone keeps its acceptance, and says who undid it and why.
ALTER TABLE receipts ADD COLUMN undone_at timestamptz;
ALTER TABLE receipts ADD COLUMN undone_by uuid REFERENCES users (id);
ALTER TABLE receipts ADD COLUMN undo_reason text;

-- A member removed from a group, or moved out of it, stays listed as DROPPED with when and why; the
-- seat is freed (current_members counts the ACTIVE members).
ALTER TABLE group_members ADD COLUMN left_at timestamptz;
ALTER TABLE group_members ADD COLUMN left_reason text;
ALTER TABLE group_members ADD COLUMN moved_to_group_id uuid REFERENCES committee_groups (id);

-- A removed member's months to come leave the schedule; the reminders already sent for one of them stay
-- recorded under its id.
ALTER TABLE reminders_sent DROP CONSTRAINT reminders_sent_payment_id_fkey;
