-- The instalments' totals per group and per plan, by due date and what the state of an instalment depends
-- on (paid or not, a receipt under review, settled by a plan request), kept in the same statement as
-- every change of a payment. The figures of RULES §6a over many instalments (the admin overview, the
-- admin payments summary, the payment reports, the groups list) are summed from these rows by date at the
-- moment of reading (server/payments/figures.ts), so "owed" and "overdue" stay exact without counting the
-- payments table on every request: a few rows per group, or per plan, and month. Decision 019.

CREATE TABLE instalment_totals (
  group_id uuid NOT NULL,
  due_date date NOT NULL,
  paid boolean NOT NULL,
  under_review boolean NOT NULL,
  settled boolean NOT NULL,
  plan_id uuid NOT NULL,
  n integer NOT NULL,
  amount numeric(16, 2) NOT NULL,
  PRIMARY KEY (group_id, due_date, paid, under_review, settled)
);

-- The same per plan: the figures of every instalment or of one plan, however many groups there are.
CREATE TABLE instalment_plan_totals (LIKE instalment_totals);
ALTER TABLE instalment_plan_totals DROP COLUMN group_id;
ALTER TABLE instalment_plan_totals ADD PRIMARY KEY (plan_id, due_date, paid, under_review, settled);

-- One statement's changes, netted per key and applied to both tables in one statement, in key order: two
-- statements that touch the same keys lock them in the same order, and a statement that changes nothing
-- the totals hold (the overdue job's status column, a note) writes nothing.
CREATE FUNCTION instalment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER payments_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION instalment_totals_apply();
CREATE TRIGGER payments_totals_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION instalment_totals_apply();
CREATE TRIGGER payments_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION instalment_totals_apply();

CREATE FUNCTION instalment_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM instalment_totals;
  DELETE FROM instalment_plan_totals;
  RETURN NULL;
END;
$$;
CREATE TRIGGER payments_totals_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION instalment_totals_clear();

-- What is there already.
INSERT INTO instalment_totals (group_id, due_date, paid, under_review, settled, plan_id, n, amount)
SELECT group_id, coalesce(due_date, make_date(year, month, 1)), status = 'PAID', under_review, settled_by_payment_id IS NOT NULL, plan_id, count(*), sum(amount)
FROM payments WHERE type = 'INSTALMENT'
GROUP BY 1, 2, 3, 4, 5, 6;
INSERT INTO instalment_plan_totals (plan_id, due_date, paid, under_review, settled, n, amount)
SELECT plan_id, due_date, paid, under_review, settled, sum(n), sum(amount)
FROM instalment_totals
GROUP BY 1, 2, 3, 4, 5;

-- Overdue instalments (the overview's overdue members, the defaulters report, the overdue job) are
-- found among the unpaid ones with no receipt waiting, by due date: a small part of all payments.
CREATE INDEX payments_unpaid_due_idx ON payments (due_date, user_id) WHERE type = 'INSTALMENT' AND status <> 'PAID' AND NOT under_review;
