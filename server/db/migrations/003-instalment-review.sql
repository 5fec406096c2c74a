-- Instalment review (RULES §6): a submitted receipt is "under review" until an admin approves or
-- refuses it; every receipt keeps its own outcome, so a refused one is never lost or overwritten.

ALTER TABLE payments ADD COLUMN under_review boolean NOT NULL DEFAULT false;
ALTER TABLE payments ADD COLUMN reviewed_at timestamptz;
CREATE INDEX payments_under_review_idx ON payments (submitted_at) WHERE under_review;
-- The overdue job looks for unpaid instalments by due date.
CREATE INDEX payments_due_unpaid_idx ON payments (due_date) WHERE type = 'INSTALMENT' AND status = 'PENDING';

ALTER TABLE receipts ADD COLUMN outcome text CHECK (outcome IN ('ACCEPTED', 'REFUSED'));
ALTER TABLE receipts ADD COLUMN outcome_reason text;
ALTER TABLE receipts ADD COLUMN reviewed_at timestamptz;
ALTER TABLE receipts ADD COLUMN reviewed_by uuid REFERENCES users (id);
-- A receipt given as a URL has no file; say what it is.
ALTER TABLE receipts ADD COLUMN payment_method text;
