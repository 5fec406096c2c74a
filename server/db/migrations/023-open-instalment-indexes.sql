-- The reports of open instalments (payments/payment-reports.ts), read from indexes in their order.
--
-- Defaulters: each overdue instalment's member and amount, and the filters of the report, straight from
-- the index of unpaid instalments without a receipt waiting (no visit to the table), and per member the
-- same instalments by due date (a page of defaulters counts and sums theirs; migration 022's trigger
-- finds each member's oldest).
DROP INDEX payments_unpaid_due_idx;
CREATE INDEX payments_unpaid_due_idx ON payments (due_date, user_id) INCLUDE (amount, plan_id, group_id, month, year)
  WHERE type = 'INSTALMENT' AND status <> 'PAID' AND NOT under_review;
CREATE INDEX payments_unpaid_member_idx ON payments (user_id, due_date) INCLUDE (amount)
  WHERE type = 'INSTALMENT' AND status <> 'PAID' AND NOT under_review;
-- The pending report: instalments not paid (under review or owed), oldest due first.
CREATE INDEX payments_open_due_idx ON payments (due_date, id) WHERE type = 'INSTALMENT' AND status <> 'PAID';
-- The paid report: paid instalments, the latest approved first.
CREATE INDEX payments_paid_approved_idx ON payments (approved_at DESC NULLS LAST, id) WHERE type = 'INSTALMENT' AND status = 'PAID';
