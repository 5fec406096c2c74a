-- The same totals per plan (migration 015 keeps them per group): the figures of every instalment or of
-- one plan (the admin overview, the admin summary, the reports' summaries) are summed from a few rows per
-- plan and due month, however many groups and members there are. Kept by the same statement triggers,
-- in one statement for both tables. Decision 019.

CREATE TABLE instalment_plan_totals (
  plan_id uuid NOT NULL,
  due_date date NOT NULL,
  paid boolean NOT NULL,
  under_review boolean NOT NULL,
  settled boolean NOT NULL,
  n integer NOT NULL,
  amount numeric(16, 2) NOT NULL,
  PRIMARY KEY (plan_id, due_date, paid, under_review, settled)
);

CREATE OR REPLACE FUNCTION instalment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The instalments of one transition table as changes: +1 and their amount, or −1 and minus it.
  rows_of constant text := 'SELECT group_id, coalesce(due_date, make_date(year, month, 1)) AS due_date, status = ''PAID'' AS paid, '
    'under_review, settled_by_payment_id IS NOT NULL AS settled, plan_id, %s AS n, %s amount AS amount FROM %I WHERE type = ''INSTALMENT''';
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN format(rows_of, '1', '', 'new_rows')
    WHEN 'DELETE' THEN format(rows_of, '-1', '-', 'old_rows')
    ELSE format(rows_of, '-1', '-', 'old_rows') || ' UNION ALL ' || format(rows_of, '1', '', 'new_rows')
  END;
  EXECUTE format($sql$
    WITH change AS (%s),
    by_group AS (
      INSERT INTO instalment_totals AS t (group_id, due_date, paid, under_review, settled, plan_id, n, amount)
      SELECT group_id, due_date, paid, under_review, settled, plan_id, sum(n), sum(amount) FROM change
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (group_id, due_date, paid, under_review, settled) DO UPDATE SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount
      RETURNING 1)
    INSERT INTO instalment_plan_totals AS t (plan_id, due_date, paid, under_review, settled, n, amount)
    SELECT plan_id, due_date, paid, under_review, settled, sum(n), sum(amount) FROM change
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (plan_id, due_date, paid, under_review, settled) DO UPDATE SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION instalment_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM instalment_totals;
  DELETE FROM instalment_plan_totals;
  RETURN NULL;
END;
$$;

INSERT INTO instalment_plan_totals (plan_id, due_date, paid, under_review, settled, n, amount)
SELECT plan_id, due_date, paid, under_review, settled, sum(n), sum(amount)
FROM instalment_totals
GROUP BY 1, 2, 3, 4, 5;

-- A month's pending commissions, a page at a time in the order they accrued (the admin's payouts tab).
CREATE INDEX commissions_pending_month_idx ON commissions (accrued_year, accrued_month, accrued_at, id) WHERE status = 'PENDING';
