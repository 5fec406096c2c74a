-- Per accrual month: the pending commissions, how many and their total (admin document, commission
-- payments), and every commission whatever its status (the commission history's total for everyone).
-- Kept as moves, as the reconciliation's are (migration 037): every statement that changes commissions
-- adds a row of its change per month, nothing is updated in place, and the rows of a month are folded
-- into one every hour (fold_commission_month_moves). The figures are the sums of the rows.
CREATE TABLE commission_month_moves (
  accrued_year smallint NOT NULL,
  accrued_month smallint NOT NULL,
  pending_count integer NOT NULL,
  pending_amount numeric(16, 2) NOT NULL,
  all_count integer NOT NULL,
  all_amount numeric(16, 2) NOT NULL
);
CREATE INDEX commission_month_moves_idx ON commission_month_moves (accrued_year, accrued_month) INCLUDE (pending_count, pending_amount);

INSERT INTO commission_month_moves
SELECT accrued_year, accrued_month, count(*) FILTER (WHERE status = 'PENDING'), coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0), count(*), sum(amount)
FROM commissions GROUP BY accrued_year, accrued_month;

-- One statement's rows, summed per month: a batch pays thousands at once.
CREATE FUNCTION commission_month_moves_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change text;
BEGIN
  -- Each row as (year, month, sign, signed amount, pending).
  change := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT accrued_year, accrued_month, 1, amount, status = ''PENDING'' FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT accrued_year, accrued_month, -1, -amount, status = ''PENDING'' FROM old_rows'
    ELSE 'SELECT accrued_year, accrued_month, -1, -amount, status = ''PENDING'' FROM old_rows'
      || ' UNION ALL SELECT accrued_year, accrued_month, 1, amount, status = ''PENDING'' FROM new_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO commission_month_moves
    SELECT accrued_year, accrued_month, coalesce(sum(n) FILTER (WHERE pending), 0), coalesce(sum(amount) FILTER (WHERE pending), 0), sum(n), sum(amount)
    FROM (%s) change (accrued_year, accrued_month, n, amount, pending)
    GROUP BY accrued_year, accrued_month
    HAVING coalesce(sum(n) FILTER (WHERE pending), 0) <> 0 OR coalesce(sum(amount) FILTER (WHERE pending), 0) <> 0 OR sum(n) <> 0 OR sum(amount) <> 0
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER commissions_month_moves_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_month_moves_apply();
CREATE TRIGGER commissions_month_moves_update AFTER UPDATE ON commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_month_moves_apply();
CREATE TRIGGER commissions_month_moves_delete AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_month_moves_apply();

CREATE TRIGGER commissions_month_moves_truncate AFTER TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION clear_moves('commission_month_moves');

-- Every hour (server/db/kept-moves.ts): each key's rows become one.
CREATE FUNCTION fold_commission_month_moves() RETURNS integer LANGUAGE sql AS $$
  SELECT fold_moves('commission_month_moves', ARRAY['accrued_year', 'accrued_month'], ARRAY['pending_count', 'pending_amount', 'all_count', 'all_amount'])
$$;
