-- A month's pending commissions, a page at a time in the order they accrued (the admin's payouts tab).
-- It also serves what the index it replaces served: the month's pending rows, for the batch payment.
CREATE INDEX commissions_pending_month_idx ON commissions (accrued_year, accrued_month, accrued_at, id) WHERE status = 'PENDING';
DROP INDEX commissions_pending_period_idx;
