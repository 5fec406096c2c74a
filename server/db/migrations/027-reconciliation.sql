-- Reconciliation by bank account (bank-accounts/reconciliation.ts): per account, the approved money by
-- approval time (each payment of money once: the first instalment a plan request settles is that
-- request's money and is left out), and the receipts waiting for review by the time they were sent.
-- The existing indexes are by account alone or by approval time alone (instalments only).
CREATE INDEX payments_account_approved_idx ON payments (bank_account_id, approved_at, id) INCLUDE (amount)
  WHERE status = 'PAID' AND settled_by_payment_id IS NULL;
CREATE INDEX payments_account_waiting_idx ON payments (bank_account_id, submitted_at) INCLUDE (amount)
  WHERE under_review OR (type = 'SUBSCRIPTION' AND status = 'PENDING');
-- The first month a plan request settled (the month its money pays for).
CREATE INDEX payments_settled_by_idx ON payments (settled_by_payment_id) WHERE settled_by_payment_id IS NOT NULL;
