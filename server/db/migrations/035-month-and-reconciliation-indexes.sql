-- The admin's charts count the members who joined a group in each of the last months: one index range
-- per month, not a scan of every membership per month.
CREATE INDEX group_members_joined_idx ON group_members (joined_at);

-- The reconciliation reads a period's approved and waiting payments of the accounts, and checks each
-- one's state through the figures module (payments/figures.ts), which reads the payment's type, status,
-- receipt flag and due date. With those in the indexes, a month of payments is read from the indexes
-- alone (an index-only scan), not from as many table pages as there are payments.
DROP INDEX payments_account_approved_idx;
CREATE INDEX payments_account_approved_idx ON payments (bank_account_id, approved_at, id)
  INCLUDE (amount, type, status, under_review, due_date) WHERE status = 'PAID' AND settled_by_payment_id IS NULL;
DROP INDEX payments_account_waiting_idx;
CREATE INDEX payments_account_waiting_idx ON payments (bank_account_id, submitted_at)
  INCLUDE (amount, type, status, under_review, due_date, receipt_id) WHERE under_review OR (type = 'SUBSCRIPTION' AND status = 'PENDING');
