-- The admin charts (GET /api/admin/dashboard/series) sum, for each of the last months, the instalment
-- totals kept per plan and due date that fall in that month. The totals' key leads with the plan, so each
-- month read the whole table; by due date, a month reads its own rows.
CREATE INDEX instalment_plan_totals_due_idx ON instalment_plan_totals (due_date);
