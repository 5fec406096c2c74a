-- A month's pending commissions come with their count and total (admin document, commission payments).
-- With the amount in the index, both are read from the index alone (an index-only scan), not from as
-- many table pages as there are commissions in the month.
DROP INDEX commissions_pending_month_idx;
CREATE INDEX commissions_pending_month_idx ON commissions (accrued_year, accrued_month, accrued_at, id) INCLUDE (amount) WHERE status = 'PENDING';
