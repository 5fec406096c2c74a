-- What is owed (RULES §6a): overdue follows from the date when anyone reads it; the overdue job only
-- records it and sends the notices. This column says that the notice of an overdue instalment went out,
-- so the job announces each one once, whatever its status column says (PENDING, OVERDUE or REJECTED).
ALTER TABLE payments ADD COLUMN overdue_notified_at timestamptz;
-- Instalments marked overdue before this change were announced when they were marked.
UPDATE payments SET overdue_notified_at = updated_at WHERE type = 'INSTALMENT' AND status = 'OVERDUE';
-- The job looks for unpaid instalments not yet announced, by due date.
DROP INDEX IF EXISTS payments_due_unpaid_idx;
CREATE INDEX payments_overdue_unannounced_idx ON payments (due_date) WHERE type = 'INSTALMENT' AND status <> 'PAID' AND overdue_notified_at IS NULL;
